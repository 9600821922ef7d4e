import { applyMarkdownEdit, EDITOR_FRAGMENT, type EditorElement, markdownOfDocument } from '@baalda/markdown';
import { editorChildrenOf } from '@baalda/markdown/testing';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createNoteLinkResolver, type LinkableEntry, linksSharedWith } from './noteLinkResolver';

const ENTRIES: readonly LinkableEntry[] = [
  { docId: 'd-b', path: 'B note.md' },
  { docId: 'd-formulas', path: 'Bases/Formulas.md' },
  { docId: 'd-roadmap', path: 'Plans/Roadmap.md' },
  { docId: 'd-roadmap-old', path: 'Archive/Roadmap.md' },
  { docId: 'd-diagram', path: 'Attachments/diagram.png' },
];

/** Import then export of one note's Markdown, with the vault's names on both sides (as the relay does). */
function roundTrip(markdown: string, entries: readonly LinkableEntry[], after = entries): string {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown, 'test', createNoteLinkResolver(entries));
  return markdownOfDocument(doc, createNoteLinkResolver(after));
}

function moved(docId: string, path: string): LinkableEntry[] {
  return ENTRIES.map((entry) => (entry.docId === docId ? { docId, path } : entry));
}

function linkAttrsOf(doc: Y.Doc): Array<Record<string, unknown>> {
  const blocks = editorChildrenOf(doc.getXmlFragment(EDITOR_FRAGMENT)) as EditorElement[];
  return blocks.flatMap((block) => block.children.flatMap((child) => ('attrs' in child ? [child.attrs] : [])));
}

describe('link texts as typed (LNK3)', () => {
  it('[LNK3] a link typed in another case than its note’s name comes back as typed, alias and all', () => {
    const markdown = 'See [[b note]] and [[B NOTE|the other one]], [[formulas]].\n';
    expect(roundTrip(markdown, ENTRIES)).toBe(markdown);
  });

  it('[LNK3] heading and block links keep the name as typed, and their heading', () => {
    const markdown = 'Read [[formulas#Syntax|the syntax]], [[roadmap#Q3 goals]] and [[b NOTE#^block-1]].\n';
    expect(roundTrip(markdown, ENTRIES)).toBe(markdown);
  });

  it('[LNK3, LNK5] an embed keeps the name as typed, with its size', () => {
    const markdown = 'Before ![[Diagram.PNG|300]] and ![[attachments/diagram.png]] after\n';
    expect(roundTrip(markdown, ENTRIES)).toBe(markdown);
  });

  it('[LNK3] a path-qualified link and a name two notes share come back as typed while they name the same note', () => {
    // `roadmap` reads as Plans/Roadmap (the shorter path); `archive/roadmap` names the other one.
    const markdown = '[[Plans/roadmap]], [[roadmap]], [[archive/roadmap|old]] and [[Bases/Formulas.md]]\n';
    expect(roundTrip(markdown, ENTRIES)).toBe(markdown);
  });

  it('[LNK3] a rename rewrites the link to the note’s new name, keeping its alias and heading', () => {
    const after = moved('d-b', 'C note.md');
    expect(roundTrip('See [[b note]] and [[B NOTE#Top|the other one]]\n', ENTRIES, after)).toBe(
      'See [[C note]] and [[C note#Top|the other one]]\n',
    );
  });

  it('[LNK3] a move rewrites a link whose typed path no longer names the note, and keeps one that still does', () => {
    const after = moved('d-roadmap', 'Done/Roadmap.md');
    expect(roundTrip('[[plans/roadmap]] and [[formulas]]\n', ENTRIES, after)).toBe(
      '[[Done/Roadmap]] and [[formulas]]\n',
    );
    // Moved out of a shared name: `roadmap` now reads as the other note, so the link names its note's path.
    const alone = moved('d-roadmap-old', 'Roadmap.md');
    expect(roundTrip('[[archive/roadmap]]\n', ENTRIES, alone)).toBe('[[Roadmap]]\n');
    expect(roundTrip('[[plans/roadmap]] [[roadmap]]\n', ENTRIES, alone)).toBe('[[plans/roadmap]] [[Plans/Roadmap]]\n');
  });

  it('[LNK3] a typed name that now reads as another note is written as its note’s path; one still read as it stays', () => {
    // A note of the same name at the top takes `formulas`; one deeper than `B note.md` leaves `b note` to it.
    const after = [...ENTRIES, { docId: 'd-top', path: 'Formulas.md' }, { docId: 'd-b-deep', path: 'Old/b note.md' }];
    expect(roundTrip('[[formulas]] [[b note]]\n', ENTRIES, after)).toBe('[[Bases/Formulas]] [[b note]]\n');
  });

  it('[LNK3, MD4] an edit that only changes how a link is typed is kept; writing back what the note shows changes nothing', () => {
    const links = createNoteLinkResolver(ENTRIES);
    const doc = new Y.Doc();
    applyMarkdownEdit(doc, 'See [[B note]]\n', 'test', links);
    applyMarkdownEdit(doc, 'See [[b note]]\n', 'test', links);
    expect(markdownOfDocument(doc, links)).toBe('See [[b note]]\n');
    expect(linkAttrsOf(doc)).toMatchObject([{ docId: 'd-b', target: 'b note' }]);
    const renamed = createNoteLinkResolver(moved('d-b', 'C note.md'));
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    applyMarkdownEdit(doc, markdownOfDocument(doc, renamed), 'test', renamed);
    expect(updates).toEqual([]);
  });

  it('[LNK7, LNK8] a note reads the same to a writer and a reader, and an edit keeps links it can’t resolve by name', () => {
    const entries = [...ENTRIES, { docId: 'd-pay', path: 'HR/Pay.md' }];
    const links = createNoteLinkResolver(entries);
    const restrictions = [{ folderKey: 'hr', members: new Set(['alice']) }];
    const writing = linksSharedWith('Team/Plan.md', entries, restrictions, links);
    const doc = new Y.Doc();
    // The link was made while Plan.md was in HR (moved out since): its docId stays, its name is as typed.
    applyMarkdownEdit(doc, 'Pay: [[hr/pay]]\n', 'test', links);
    expect(markdownOfDocument(doc, writing)).toBe(markdownOfDocument(doc, links));
    applyMarkdownEdit(doc, 'Pay is due: [[hr/pay]]\n', 'test', writing);
    expect(linkAttrsOf(doc)).toMatchObject([{ docId: 'd-pay', target: 'hr/pay' }]);
  });
});
