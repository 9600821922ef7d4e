import { getSchema } from '@tiptap/core';
import { EditorState, Plugin, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { editorExtensions } from './editorExtensions';
import { onOwnEditsOnly } from './ownEdits';

const schema = getSchema(editorExtensions(new Y.Doc()));

// Appends an empty paragraph after every change, as StarterKit's trailing paragraph and autolink append theirs.
const appending = new Plugin({
  appendTransaction: (transactions, _old, state) =>
    transactions.some((tr) => tr.docChanged) ? state.tr.insert(state.doc.content.size, schema.node('paragraph')) : null,
});

function paragraphsAfter(change: (tr: Transaction) => Transaction): number {
  const state = EditorState.create({ schema, plugins: [onOwnEditsOnly(appending)] });
  return state.apply(change(state.tr.insertText('typed', 1))).doc.childCount;
}

describe('what the editor adds to a change', () => {
  it('[RAW4] a plugin’s appended change follows this person’s edits', () => {
    expect(paragraphsAfter((tr) => tr)).toBe(2);
  });

  it('[RAW4] nothing is appended to the Y document’s content as it is shown: the note opening, others’ edits', () => {
    expect(paragraphsAfter((tr) => tr.setMeta(ySyncPluginKey, { isChangeOrigin: true }))).toBe(1);
  });
});
