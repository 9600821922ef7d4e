import { applyMarkdownEdit, markdownOfDocument } from '@baalda/markdown';
import { getSchema } from '@tiptap/core';
import type { MarkType, Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import { initProseMirrorDoc, updateYFragment } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { atomMarksPlugin } from './atomMarks';
import { editorExtensions } from './editorExtensions';

// As the Obsidian help vault writes them (core's MD13): formatting around links, embeds, raw pieces and code.
const FORMATTED = [
  'Open **[[Settings]] → Editor**, or *![[gear.svg#icon]]* and ==$x^2$==.',
  '',
  '- **`Ctrl+P`** opens the [`palette`](https://example.com/palette).',
  '- **[Obsidian Git](https://example.com/git)**: backs up the vault, [**Baalda**](https://example.com/b) too.',
  '',
  '> [!note] Note',
  '>',
  '> Body after a blank line.',
  '',
].join('\n');

const schema: Schema = getSchema(editorExtensions(new Y.Doc()));
const bold = schema.marks.bold as MarkType;
const italic = schema.marks.italic as MarkType;

function noteOf(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown, 'test');
  return doc;
}

function atomsOf(node: ProseMirrorNode): ProseMirrorNode[] {
  const atoms: ProseMirrorNode[] = [];
  node.descendants((child) => {
    if (['noteLink', 'noteEmbed', 'rawInline'].includes(child.type.name)) atoms.push(child);
  });
  return atoms;
}

describe('formatting around atoms and code in the editor', () => {
  it('[ATOM1, ATOM2, ATOM3, RAW4] formatted links, embeds, raw pieces and code fit the schema, and reading them writes nothing', () => {
    const doc = noteOf(FORMATTED);
    expect(markdownOfDocument(doc)).toBe(FORMATTED);
    const fragment = doc.getXmlFragment('default');
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const { doc: shown, meta } = initProseMirrorDoc(fragment, schema);
    shown.check();
    updateYFragment(doc, fragment, shown, meta);
    expect(updates).toEqual([]);
    expect(atomsOf(shown).map((atom) => atom.attrs.marks)).toEqual(['bold', 'italic', 'highlight']);
    expect(shown.child(2).attrs.spaced).toBe(true);
    let boldCode = false;
    shown.descendants((node) => {
      const names = node.marks.map((mark) => mark.type.name);
      if (node.text === 'Ctrl+P' && names.includes('code') && names.includes('bold')) boldCode = true;
    });
    expect(boldCode).toBe(true);
    const insides: unknown[] = [];
    shown.descendants((node) => {
      for (const mark of node.marks) if (mark.type.name === 'link') insides.push(mark.attrs.inside);
    });
    expect(insides).toEqual([null, 'bold', null]);
  });

  it('[ATOM1] bold added over a selection holding a link bolds the link, and taking it off unbolds it', () => {
    const shown = initProseMirrorDoc(noteOf('See [[Plan]] now.\n').getXmlFragment('default'), schema).doc;
    let state = EditorState.create({ schema, doc: shown, plugins: [atomMarksPlugin()] });
    const end = state.doc.content.size;
    state = state.apply(state.tr.addMark(0, end, bold.create()));
    expect(atomsOf(state.doc).map((atom) => atom.attrs.marks)).toEqual(['bold']);
    state = state.apply(state.tr.addMark(0, end, italic.create()));
    expect(atomsOf(state.doc).map((atom) => atom.attrs.marks)).toEqual(['bold italic']);
    state = state.apply(state.tr.removeMark(0, end, bold));
    expect(atomsOf(state.doc).map((atom) => atom.attrs.marks)).toEqual(['italic']);
    state = state.apply(state.tr.removeMark(0, end, italic));
    expect(atomsOf(state.doc).map((atom) => atom.attrs.marks)).toEqual([null]);
  });

  it('[ATOM1] formatting over text only leaves the links outside it alone', () => {
    const shown = initProseMirrorDoc(noteOf('See [[Plan]] now.\n').getXmlFragment('default'), schema).doc;
    let state = EditorState.create({ schema, doc: shown, plugins: [atomMarksPlugin()] });
    state = state.apply(state.tr.addMark(1, 4, bold.create()));
    expect(atomsOf(state.doc).map((atom) => atom.attrs.marks)).toEqual([null]);
  });
});
