import * as Y from 'yjs';

/** Tiptap's Collaboration extension keeps the editor content in this fragment by default (DOC4). */
export const EDITOR_FRAGMENT = 'default';

/**
 * DOC4: the text a person sees in a note: one line per block, inline formatting dropped. The relay indexes
 * this text and the web app searches it offline, so both read a document the same way.
 */
export function extractPlainText(doc: Y.Doc): string {
  const lines: string[] = [];
  collectBlocks(doc.getXmlFragment(EDITOR_FRAGMENT), lines);
  return lines.join('\n');
}

function collectBlocks(parent: Y.XmlFragment | Y.XmlElement, lines: string[]): void {
  let inline = '';
  for (const child of parent.toArray()) {
    if (child instanceof Y.XmlText) {
      inline += textOf(child);
    } else if (child instanceof Y.XmlElement) {
      if (inline) lines.push(inline);
      inline = '';
      collectBlocks(child, lines);
    }
  }
  if (inline) lines.push(inline);
}

function textOf(text: Y.XmlText): string {
  return text
    .toDelta()
    .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('');
}
