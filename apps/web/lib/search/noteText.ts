import * as Y from 'yjs';

// Tiptap's Collaboration extension keeps the editor content in this fragment by default.
const EDITOR_FRAGMENT = 'default';

/**
 * The text a person sees in a note: one line per block, inline formatting dropped. The same reading as the
 * relay's `extractPlainText`, so a note searched on this device matches on the words the relay indexes.
 */
export function extractNoteText(doc: Y.Doc): string {
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

// A delta's inserts are strings for text and objects for embeds; only the text is read.
function textOf(text: Y.XmlText): string {
  return text
    .toDelta()
    .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('');
}
