import {
  applyMarkdownEdit,
  documentContentOfMarkdown,
  EDITOR_FRAGMENT,
  type EditorElement,
  linkedDocIdsOf,
  markdownOfBlocks,
  markdownOfDocument,
  wikilinkPartsOf,
} from '@baalda/markdown';
import { arbitraryNoteLink, editorChildrenOf, fingerprintOf, yNodesOf } from '@baalda/markdown/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createNoteLinkResolver, linksSharedWith } from './noteLinkResolver';

const ENTRIES = [
  { docId: 'd-roadmap', path: 'Plans/Roadmap.md' },
  { docId: 'd-roadmap-old', path: 'Archive/Roadmap.md' },
  { docId: 'd-ideas', path: 'Ideas.md' },
  { docId: 'd-diagram', path: 'Attachments/diagram.png' },
  { docId: 'd-deep', path: 'A/B/Weekly sync.md' },
];

function linkOf(docId: string | null, target: string, extra: Partial<{ heading: string; alias: string }> = {}) {
  return { type: 'noteLink', attrs: { docId, target, heading: null, alias: null, ...extra }, children: [] };
}

function paragraphOf(...children: EditorElement['children']): EditorElement {
  return { type: 'paragraph', attrs: {}, children };
}

function docOf(blocks: readonly EditorElement[]): Y.Doc {
  const doc = new Y.Doc();
  doc.getXmlFragment(EDITOR_FRAGMENT).insert(0, yNodesOf(blocks));
  return doc;
}

describe('links between notes', () => {
  it('[LNK2] target, heading and alias are read as Obsidian writes them', () => {
    expect(wikilinkPartsOf('Plans/Roadmap#Q3 goals|the plan')).toEqual({
      target: 'Plans/Roadmap',
      heading: 'Q3 goals',
      alias: 'the plan',
    });
    expect(wikilinkPartsOf('Roadmap')).toEqual({ target: 'Roadmap', heading: null, alias: null });
    expect(wikilinkPartsOf('#Only a heading')).toBeNull();
    expect(wikilinkPartsOf('a[b')).toBeNull();
  });

  it('[LNK2] unclosed brackets and same-note headings stay text; text that would read as a link is escaped', () => {
    const [open] = documentContentOfMarkdown('[[open and [[#Heading]]\n');
    expect(open?.children).toEqual([{ type: 'text', text: '[[open and [[#Heading]]', marks: {} }]);
    const text = paragraphOf({ type: 'text', text: 'typed [[Roadmap]] and ![[diagram.png]] as text', marks: {} });
    const markdown = markdownOfBlocks([text]);
    expect(markdown).toBe('typed \\[\\[Roadmap\\]\\] and !\\[\\[diagram.png\\]\\] as text\n');
    expect(documentContentOfMarkdown(markdown)).toEqual([text]);
  });

  it('[LNK5] `![[file|300]]` embeds the attachment its name resolves to, and is written back as typed', () => {
    const links = createNoteLinkResolver(ENTRIES);
    const [block] = documentContentOfMarkdown('Before ![[diagram.png|300]] after ![[Nowhere.png]]\n', links);
    expect(block?.children).toEqual([
      { type: 'text', text: 'Before ', marks: {} },
      {
        type: 'noteEmbed',
        attrs: { docId: 'd-diagram', target: 'diagram.png', heading: null, alias: '300' },
        children: [],
      },
      { type: 'text', text: ' after ', marks: {} },
      { type: 'noteEmbed', attrs: { docId: null, target: 'Nowhere.png', heading: null, alias: null }, children: [] },
    ]);
    expect(markdownOfBlocks(block ? [block] : [], links)).toBe('Before ![[diagram.png|300]] after ![[Nowhere.png]]\n');
    const moved = createNoteLinkResolver([{ docId: 'd-diagram', path: 'Pictures/Q3 diagram.png' }]);
    expect(markdownOfBlocks(block ? [block] : [], moved)).toBe(
      'Before ![[Q3 diagram.png|300]] after ![[Nowhere.png]]\n',
    );
  });

  it('[LNK2] a `!` right before a link is escaped so the link is not read as an embed', () => {
    const block = paragraphOf({ type: 'text', text: 'wow!', marks: {} }, linkOf(null, 'Roadmap'));
    const markdown = markdownOfBlocks([block]);
    expect(markdown).toBe('wow\\![[Roadmap]]\n');
    expect(documentContentOfMarkdown(markdown).map(fingerprintOf)).toEqual([fingerprintOf(block)]);
  });

  it('[LNK3] a link whose name no longer reads as its note is written with the note’s shortest unambiguous name, and follows renames and moves', () => {
    const block = paragraphOf(linkOf('d-ideas', 'Ideas'), linkOf('d-roadmap', 'Roadmap plan', { heading: 'Q3' }));
    expect(markdownOfBlocks([block], createNoteLinkResolver(ENTRIES))).toBe('[[Ideas]][[Plans/Roadmap#Q3]]\n');
    const moved = ENTRIES.map((entry) =>
      entry.docId === 'd-ideas' ? { ...entry, path: 'Thinking/Better ideas.md' } : entry,
    ).filter((entry) => entry.docId !== 'd-roadmap-old');
    expect(markdownOfBlocks([block], createNoteLinkResolver(moved))).toBe('[[Better ideas]][[Roadmap#Q3]]\n');
  });

  it('[LNK3] names resolve case-insensitively, by path first, then by file name (shortest path wins)', () => {
    const links = createNoteLinkResolver([...ENTRIES, { docId: 'd-top', path: 'Roadmap.md' }]);
    expect(links.docIdOf('plans/roadmap')).toBe('d-roadmap');
    expect(links.docIdOf('Plans/Roadmap.md')).toBe('d-roadmap');
    expect(links.docIdOf('ROADMAP')).toBe('d-top');
    expect(links.docIdOf('weekly sync')).toBe('d-deep');
    expect(links.docIdOf('diagram.png')).toBe('d-diagram');
    expect(links.docIdOf('B/Weekly sync')).toBeUndefined();
    expect(links.docIdOf('Nowhere')).toBeUndefined();
    expect(createNoteLinkResolver(ENTRIES).docIdOf('roadmap')).toBe('d-roadmap');
  });

  it('[LNK6] a note left out of the entries (hidden from the reader) is never named, read or counted', () => {
    const links = createNoteLinkResolver(ENTRIES.filter((entry) => !entry.path.startsWith('Archive/')));
    expect(links.linkTextOf('d-roadmap-old')).toBeUndefined();
    // The hidden Archive/Roadmap no longer makes the name longer: it tells nobody it exists.
    expect(links.linkTextOf('d-roadmap')).toBe('Roadmap');
    expect(markdownOfBlocks([paragraphOf(linkOf('d-roadmap-old', 'Old roadmap'))], links)).toBe('[[Old roadmap]]\n');
    expect(links.docIdOf('Archive/Roadmap')).toBeUndefined();
  });

  it('[LNK7] an edit keeps the notes the document’s links point at, even ones the writer can’t see', () => {
    const hidden = { docId: 'd-hidden', path: 'HR/Roadmap.md' };
    const doc = docOf([paragraphOf(linkOf(hidden.docId, 'Roadmap'), { type: 'text', text: ' is due', marks: {} })]);
    const links = createNoteLinkResolver(ENTRIES.filter((entry) => entry.docId !== 'd-roadmap-old'));
    const markdown = markdownOfDocument(doc, links);
    expect(markdown).toBe('[[Roadmap]] is due\n');
    applyMarkdownEdit(doc, `${markdown.replace('due', 'late')}\n[[Roadmap]] [[roadmap]]\n`, 'test', links);
    const blocks = editorChildrenOf(doc.getXmlFragment(EDITOR_FRAGMENT)) as EditorElement[];
    const docIds = blocks.flatMap((block) =>
      block.children.flatMap((child) => ('attrs' in child ? [child.attrs.docId] : [])),
    );
    // The link the note held keeps its hidden note; the two new ones resolve by name, to the note they can see.
    expect(docIds).toEqual(['d-hidden', 'd-roadmap', 'd-roadmap']);
  });

  it('[LNK8] written into a note, a name resolves only to a note every reader of that note may read', () => {
    const entries = [...ENTRIES, { docId: 'd-pay', path: 'HR/Pay.md' }, { docId: 'd-hr-plan', path: 'HR/Plans/Q1.md' }];
    const restrictions = [
      { folderKey: 'hr', members: new Set(['alice']) },
      { folderKey: 'hr/plans', members: new Set(['alice']) },
    ];
    const links = createNoteLinkResolver(entries);
    const fromTeam = linksSharedWith('Team/Plan.md', entries, restrictions, links);
    expect(fromTeam.docIdOf('Pay')).toBeUndefined();
    expect(fromTeam.docIdOf('Ideas')).toBe('d-ideas');
    expect(fromTeam.linkTextOf('d-pay')).toBe('Pay');
    const fromHr = linksSharedWith('hr/Notes.md', entries, restrictions, links);
    expect(fromHr.docIdOf('Pay')).toBe('d-pay');
    expect(fromHr.docIdOf('Ideas')).toBe('d-ideas');
    // HR/Plans is private on its own too: a note in HR but outside it has readers who may not read it.
    expect(fromHr.docIdOf('Q1')).toBeUndefined();
    expect(linksSharedWith('HR/Plans/Notes.md', entries, restrictions, links).docIdOf('Q1')).toBe('d-hr-plan');
    // Private folders not known (a client offline): any folder may be private, so only the note's own
    // folder and those above it.
    const unknown = linksSharedWith('Plans/Notes.md', entries, null, links);
    expect([unknown.docIdOf('Plans/Roadmap'), unknown.docIdOf('Ideas'), unknown.docIdOf('Weekly sync')]).toEqual([
      'd-roadmap',
      'd-ideas',
      undefined,
    ]);
  });

  it('[LNK3] a link written with its old name changes nothing when the note is edited from Markdown', () => {
    const doc = docOf([paragraphOf({ type: 'text', text: 'See ', marks: {} }, linkOf('d-ideas', 'Old name'))]);
    const links = createNoteLinkResolver(ENTRIES);
    const markdown = markdownOfDocument(doc, links);
    expect(markdown).toBe('See [[Ideas]]\n');
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    applyMarkdownEdit(doc, markdown, 'test', links);
    expect(updates).toEqual([]);
    applyMarkdownEdit(doc, 'See [[Ideas]] and [[Nope|later]]\n', 'test', links);
    expect(markdownOfDocument(doc, links)).toBe('See [[Ideas]] and [[Nope|later]]\n');
  });

  it('[LNK1, LNK3, LNK5] document → Markdown → document keeps every link and embed, resolved or not (fast-check)', () => {
    const links = createNoteLinkResolver(ENTRIES);
    const resolved = fc.constantFrom(...ENTRIES.map((entry) => entry.docId)).chain((docId) =>
      arbitraryNoteLink([links.linkTextOf(docId) ?? '']).map((link) => ({
        ...link,
        attrs: { ...link.attrs, docId },
      })),
    );
    const unresolved = arbitraryNoteLink(['Nope', 'Plans/Nope', 'x y']);
    const embedded = fc.oneof(resolved, unresolved).map((link) => ({ ...link, type: 'noteEmbed' }));
    const text = fc.constantFrom('a ', ' [[', '!', '\\', '|');
    const inline = fc.array(
      fc.oneof(
        resolved,
        unresolved,
        embedded,
        text.map((t) => ({ type: 'text', text: t, marks: {} })),
      ),
      {
        minLength: 1,
        maxLength: 6,
      },
    );
    fc.assert(
      fc.property(inline, (children) => {
        // Read back from a Y.Doc, as stored: neighbouring runs of text are one run there.
        const blocks = editorChildrenOf(docOf([paragraphOf(...children)]).getXmlFragment(EDITOR_FRAGMENT));
        const markdown = markdownOfBlocks(blocks as EditorElement[], links);
        const back = documentContentOfMarkdown(markdown, links);
        expect(back.map(fingerprintOf)).toEqual(blocks.map(fingerprintOf));
        expect(markdownOfBlocks(back, links)).toBe(markdown);
      }),
      { numRuns: 300 },
    );
  });

  it('[LNK4] the docIds a document links to, once each, at any depth', () => {
    const doc = docOf([
      paragraphOf(linkOf('d-ideas', 'Ideas'), linkOf(null, 'Nope'), { ...linkOf('d-diagram', 'x'), type: 'noteEmbed' }),
      {
        type: 'bulletList',
        attrs: {},
        children: [
          { type: 'listItem', attrs: {}, children: [paragraphOf(linkOf('d-deep', 'x'), linkOf('d-ideas', 'y'))] },
        ],
      },
    ]);
    expect(linkedDocIdsOf(doc).sort()).toEqual(['d-deep', 'd-diagram', 'd-ideas']);
  });
});
