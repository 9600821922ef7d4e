import * as Y from 'yjs';
import { RAW_INLINE } from './editorModel';

/** Tiptap's Collaboration extension keeps the editor content in this fragment by default (DOC4). */
export const EDITOR_FRAGMENT = 'default';

/**
 * DOC4: the text a person sees in a note: one line per block, inline formatting dropped. The relay indexes
 * this text and the web app searches it offline, so both read a document the same way.
 */
export function extractPlainText(doc: Y.Doc): string {
  const lines: string[] = [];
  // An explicit stack, not recursion: a note can nest elements tens of thousands deep (a hostile provider
  // can send one), and a recursive walk overflowed the stack, failing every store of that note.
  const stack: BlockFrame[] = [frameOf(doc.getXmlFragment(EDITOR_FRAGMENT))];
  for (let frame = stack.at(-1); frame; frame = stack.at(-1)) {
    const child = frame.children[frame.next];
    frame.next += 1;
    if (child === undefined) {
      if (frame.inline) lines.push(frame.inline);
      stack.pop();
    } else if (child instanceof Y.XmlText) {
      frame.inline += textOf(child);
    } else if (child instanceof Y.XmlElement && child.nodeName === RAW_INLINE) {
      // Math, inline HTML and footnotes kept as typed (MD11) are part of the line they sit in.
      frame.inline += String(child.getAttribute('source') ?? '');
    } else if (child instanceof Y.XmlElement) {
      if (frame.inline) lines.push(frame.inline);
      frame.inline = '';
      stack.push(frameOf(child));
    }
  }
  return lines.join('\n');
}

/** One element being walked: its children, the next one to visit, and the inline text gathered so far. */
interface BlockFrame {
  readonly children: ReadonlyArray<Y.XmlElement | Y.XmlText | Y.XmlHook>;
  next: number;
  inline: string;
}

function frameOf(parent: Y.XmlFragment | Y.XmlElement): BlockFrame {
  return { children: parent.toArray(), next: 0, inline: '' };
}

function textOf(text: Y.XmlText): string {
  return text
    .toDelta()
    .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('');
}
