import { appendMarkdown, EDITOR_FRAGMENT } from '@baalda/markdown';
import * as Y from 'yjs';
import { newNoteText, rootOf } from './paragraphEdits';
import { noteKeyOf, type WriteLedger, type WriterName } from './writeLedger';

/**
 * A person typing in a device's editor, as Tiptap changes the note's Y.Doc: a new paragraph, a word
 * after a paragraph's root marker, or a paragraph deleted. The note's key heading is never touched.
 * Returns what it did, for failure messages.
 */
export function editDocument(doc: Y.Doc, writer: WriterName, ledger: WriteLedger, random: () => number): string {
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  const note = noteKeyOf(headingsOf(fragment));
  const rooted = paragraphs(fragment).filter(({ root }) => root !== null);
  const roll = random();
  const marker = ledger.nextMarker(writer);
  if (rooted.length === 0 || roll < 0.5) {
    const first = note === null ? 0 : 1;
    const at = Math.min(fragment.length, first + Math.floor(random() * (fragment.length - first + 1)));
    ledger.record({ marker, writer, note, root: null, status: 'kept' });
    doc.transact(() => fragment.insert(at, [paragraphOf(marker)]));
    return `wrote ${marker} in ${note}`;
  }
  const target = rooted[Math.floor(random() * rooted.length)] as (typeof rooted)[number];
  const root = target.root as string;
  if (roll < 0.85) {
    const text = target.element.get(0) as Y.XmlText;
    ledger.record({ marker, writer, note, root, status: 'kept' });
    doc.transact(() => text.insert(plainOf(text).indexOf(root) + root.length, ` ${marker}`));
    return `amended ${root} with ${marker} in ${note}`;
  }
  ledger.recordRemoval(root, { by: writer, note });
  doc.transact(() => fragment.delete(target.index, 1));
  return `deleted ${root} in ${note}`;
}

/** Writes a new note's first text (its key heading and a paragraph) into its empty document. */
export function writeNewNote(doc: Y.Doc, writer: WriterName, ledger: WriteLedger): string {
  const key = ledger.nextNoteKey();
  const marker = ledger.nextMarker(writer);
  ledger.record({ marker, writer, note: key, root: null, status: 'kept' });
  appendMarkdown(doc, newNoteText(key, marker), writer);
  return key;
}

function paragraphOf(text: string): Y.XmlElement {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  return paragraph;
}

function paragraphs(fragment: Y.XmlFragment) {
  return fragment
    .toArray()
    .map((element, index) => ({ element, index }))
    .filter(
      (entry): entry is { element: Y.XmlElement; index: number } =>
        entry.element instanceof Y.XmlElement &&
        entry.element.nodeName === 'paragraph' &&
        entry.element.get(0) instanceof Y.XmlText,
    )
    .map(({ element, index }) => ({ element, index, root: rootOf(plainOf(element.get(0) as Y.XmlText)) }));
}

/** The headings' texts, one a line as Markdown would show them, for finding the note's key. */
function headingsOf(fragment: Y.XmlFragment): string {
  return fragment
    .toArray()
    .filter((element): element is Y.XmlElement => element instanceof Y.XmlElement && element.nodeName === 'heading')
    .map((heading) => `# ${heading.get(0) instanceof Y.XmlText ? plainOf(heading.get(0) as Y.XmlText) : ''}`)
    .join('\n');
}

function plainOf(text: Y.XmlText): string {
  return text
    .toDelta()
    .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('');
}
