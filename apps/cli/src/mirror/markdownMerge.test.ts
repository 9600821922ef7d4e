import { applyMarkdownEdit, markdownOfDocument } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { diskEditOf, normalizedMarkdown } from './markdownMerge';

function docOf(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown);
  return doc;
}

describe('disk edits merged into a note', () => {
  it('[MIR3] an edit made against the file’s base keeps what the live document gained meanwhile', () => {
    const base = docOf('Alpha\n\nBeta\n');
    const live = new Y.Doc();
    Y.applyUpdate(live, Y.encodeStateAsUpdate(base));
    const browser = new Y.Doc();
    Y.applyUpdate(browser, Y.encodeStateAsUpdate(base));
    applyMarkdownEdit(browser, 'Alpha from the browser\n\nBeta\n\nGamma\n');
    Y.applyUpdate(live, Y.encodeStateAsUpdate(browser));

    const edit = diskEditOf(Y.encodeStateAsUpdate(base), 'Alpha\n\nBeta, edited on disk\n');
    Y.applyUpdate(live, edit.update);

    expect(markdownOfDocument(live)).toBe('Alpha from the browser\n\nBeta, edited on disk\n\nGamma\n');
    const after = new Y.Doc();
    Y.applyUpdate(after, edit.baseAfter);
    expect(markdownOfDocument(after)).toBe('Alpha\n\nBeta, edited on disk\n');
  });

  it('[MIR3] a text that differs only in Markdown form normalizes to the note’s own Markdown (MD2)', () => {
    expect(normalizedMarkdown('Title\n=====\n\n* one\n* two\n\n\n')).toBe('# Title\n\n- one\n- two\n');
    expect(normalizedMarkdown('\r\nplain\r\n')).toBe('plain\n');
    expect(normalizedMarkdown('')).toBe('');
  });
});
