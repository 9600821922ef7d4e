import { createNoteLinkResolver } from '@baalda/core';
import { applyMarkdownEdit, linkedDocIdsOf, markdownOfDocument } from '@baalda/markdown';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { blocksOf, closestVersion, diskEditOf, normalizedMarkdown } from './markdownMerge';

const noLinks = createNoteLinkResolver([]);

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

    const edit = diskEditOf(Y.encodeStateAsUpdate(base), 'Alpha\n\nBeta, edited on disk\n', noLinks);
    Y.applyUpdate(live, edit.update);

    expect(markdownOfDocument(live)).toBe('Alpha from the browser\n\nBeta, edited on disk\n\nGamma\n');
    const after = new Y.Doc();
    Y.applyUpdate(after, edit.baseAfter);
    expect(markdownOfDocument(after)).toBe('Alpha\n\nBeta, edited on disk\n');
  });

  it('[MIR3] a text that differs only in Markdown form normalizes to the note’s own Markdown (MD2)', () => {
    expect(normalizedMarkdown('Title\n=====\n\n* one\n* two\n\n\n', noLinks)).toBe('# Title\n\n- one\n- two\n');
    expect(normalizedMarkdown('\r\nplain\r\n', noLinks)).toBe('plain\n');
    expect(normalizedMarkdown('', noLinks)).toBe('');
  });

  it('[MIR13][LNK3] a file’s [[links]] point at the notes they name, and read back as typed while they still name them', () => {
    const links = createNoteLinkResolver([
      { docId: 'roadmapDocId0001', path: 'Plans/Roadmap.md' },
      { docId: 'budgetDocId00001', path: 'Budget.md' },
    ]);
    const text = 'See [[plans/roadmap#Q3|the plan]] and [[Budget]], not [[Nowhere]].\n';
    const edit = diskEditOf(Y.encodeStateAsUpdate(new Y.Doc()), text, links);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, edit.update);
    expect(linkedDocIdsOf(doc).sort()).toEqual(['budgetDocId00001', 'roadmapDocId0001']);
    expect(markdownOfDocument(doc, links)).toBe(text);
    expect(normalizedMarkdown('[[Plans/Roadmap]]', links)).toBe('[[Plans/Roadmap]]\n');
  });
});

describe('which text a save started from', () => {
  it('[MIR4] a save is closest to the text it added to, not to a rewrite it never showed', () => {
    const replaced = blocksOf('Alpha\n\nBeta\n');
    const rewrite = blocksOf('Alpha\n\nBeta\n\nFrom the relay\n');
    expect(closestVersion(blocksOf('Alpha\n\nBeta\n\nTyped\n'), [rewrite, replaced])).toBe(1);
    expect(closestVersion(blocksOf('Alpha\n\nBeta\n\nFrom the relay\n\nTyped\n'), [rewrite, replaced])).toBe(0);
  });

  it('[MIR4] a tie goes to the first text, and repeated blocks count each time', () => {
    expect(closestVersion(blocksOf('A\n\nB\n'), [blocksOf('A\n'), blocksOf('B\n')])).toBe(0);
    expect(closestVersion(blocksOf('A\n\nA\n'), [blocksOf('A\n'), blocksOf('A\n\nA\n')])).toBe(1);
  });
});
