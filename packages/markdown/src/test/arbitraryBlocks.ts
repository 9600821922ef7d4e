import fc from 'fast-check';
import { NOTE_EMBED, NOTE_LINK } from '../links/wikilinkSyntax';
import {
  ATOM_MARK_NAMES,
  type EditorElement,
  type EditorNode,
  LINK_DEFAULTS,
  RAW_INLINE,
  rawBlockOf,
} from '../model/editorModel';
import { hasSpacedBlocks } from '../write/writeMarkdown';

// Test support for the MD rules: random editor content that leans on Markdown's metacharacters.
const CHARS = [
  ...'ab  xyz19',
  ...'*_#-+=.)(`~[]<>&;\\!"|:/',
  '\t',
  '\n',
  '\u00a0',
  'é',
  '😀',
  '&amp;',
  '&#1;',
  '1. ',
  '- ',
  '# ',
  '```',
  '<br>',
  '<u>',
  // MD7: text that only sometimes needs escaping (wikilinks, snake_case, tags, comparisons, paths).
  '[[',
  ']]',
  '](',
  ']:',
  'a_b',
  '#t',
  '<a',
  '< ',
  ' * ',
  'C:\\x',
  '~~',
  '==',
  '|',
  '\\|',
  '[ ] ',
  '[x] ',
  '![i](p.png)',
  '![',
  'https://example.com/a',
  // MD11: text that only sometimes reads as math, a comment, a footnote or a block id.
  '$',
  '$x$',
  '$5',
  '%',
  '%%',
  '^',
  '^[',
  '[^1]',
  ' ^id',
  '\\#t',
];

/** Text made of Markdown's awkward characters. */
export const arbitraryText = (maxLength = 12): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength }).map((parts) => parts.join(''));

const arbitraryMarks = fc
  .record({
    bold: fc.boolean(),
    italic: fc.boolean(),
    strike: fc.boolean(),
    highlight: fc.boolean(),
    underline: fc.boolean(),
    code: fc.boolean(),
    link: fc.option(fc.constantFrom('https://example.com/a', 'https://x.org/a b', 'mailto:a@b.c', '/rel(1)'), {
      nil: undefined,
    }),
    inside: fc.constantFrom(null, 'bold', 'italic highlight', 'strike'),
  })
  .map(({ link, code, inside, ...flags }) => {
    const marks: Record<string, Record<string, unknown>> = {};
    for (const [name, on] of Object.entries(flags)) if (on) marks[name] = {};
    if (link) marks.link = { href: link, ...LINK_DEFAULTS, title: null, ...(inside ? { inside } : {}) };
    if (code) marks.code = {};
    return marks;
  });

// MD13: the formatting an inline atom wears, in its `marks` attribute (absent when none).
const arbitraryAtomMarks: fc.Arbitrary<{ marks?: string }> = fc
  .subarray([...ATOM_MARK_NAMES])
  .map((names) => (names.length > 0 ? { marks: names.join(' ') } : {}));

function withAtomMarks(atom: fc.Arbitrary<EditorElement>): fc.Arbitrary<EditorElement> {
  return fc
    .tuple(atom, arbitraryAtomMarks)
    .map(([node, marks]): EditorElement => ({ ...node, attrs: { ...node.attrs, ...marks } }));
}

/** LNK2: names, headings and aliases a note link may hold, awkward ones included. */
export const LINK_TARGETS = ['Roadmap', 'Plans/Q3 plan', 'a_b *c*', 'Über', 'diagram.png', 'x\\'] as const;

/** LNK1: a link whose note is unknown (`docId` null), as Markdown read without a resolver gives. */
export const arbitraryNoteLink = (targets: readonly string[] = LINK_TARGETS): fc.Arbitrary<EditorElement> =>
  fc
    .record({
      target: fc.constantFrom(...targets),
      heading: fc.option(fc.constantFrom('Q3', 'Goals #2', 'a_b'), { nil: null }),
      alias: fc.option(fc.constantFrom('the plan', ' spaced', 'a|b', '**not bold**', 'x\\'), { nil: null }),
    })
    .map((attrs) => ({ type: NOTE_LINK, attrs: { docId: null, ...attrs }, children: [] }));

/** MD11: inline constructs the editor keeps as typed. */
export const RAW_INLINE_SOURCES = [
  '$x^2$',
  '$$a \\\\ b$$',
  '%%note%%',
  '[^1]',
  '^[an *inline* note]',
  '<span class="x">',
  '</span>',
  '<kbd>',
  '![alt](a.png)',
  '![](<b c.png> "t")',
] as const;

const arbitraryRawInline: fc.Arbitrary<EditorElement> = fc
  .constantFrom(...RAW_INLINE_SOURCES)
  .map((source) => ({ type: RAW_INLINE, attrs: { source }, children: [] }));

/** MD11: blocks the editor keeps as typed. */
export const RAW_BLOCK_SOURCES = [
  '<div class="video">\n<iframe src="https://example.com/v"></iframe>\n</div>',
  '<details>\n<summary>More</summary>\nHidden *text*.\n</details>',
  '$$\n\\begin{aligned} a &= b \\\\\nc &= d\n\\end{aligned}\n$$',
  '%%\nA comment\nover lines\n%%',
  '[^1]: The footnote, with *emphasis*.',
  '[^long]: A longer one.\n\n    With a second paragraph.',
  '[ref]: https://example.com/ref "Title"',
  '<!-- a comment -->',
] as const;

const arbitraryRawBlock: fc.Arbitrary<EditorElement> = fc
  .constantFrom(...RAW_BLOCK_SOURCES)
  .map((source) => rawBlockOf(source));

const arbitraryInline: fc.Arbitrary<EditorNode[]> = fc
  .array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({ type: fc.constant('text' as const), text: arbitraryText(), marks: arbitraryMarks }),
      },
      { weight: 1, arbitrary: fc.constant<EditorNode>({ type: 'hardBreak', attrs: {}, children: [] }) },
      { weight: 1, arbitrary: withAtomMarks(arbitraryNoteLink()) },
      { weight: 1, arbitrary: withAtomMarks(arbitraryNoteLink().map((link) => ({ ...link, type: NOTE_EMBED }))) },
      { weight: 1, arbitrary: withAtomMarks(arbitraryRawInline) },
    ),
    { maxLength: 5 },
  )
  .map((nodes) => {
    // A line that is only an HTML tag starts an HTML block, so the parser never gives such a paragraph.
    const first = nodes[0];
    const startsWithTag = first?.type === RAW_INLINE && String((first as EditorElement).attrs.source).startsWith('<');
    return startsWithTag ? [{ type: 'text' as const, text: 'x', marks: {} }, ...nodes] : nodes;
  });

const paragraph = arbitraryInline.map((children): EditorElement => ({ type: 'paragraph', attrs: {}, children }));

const textBlock: fc.Arbitrary<EditorElement> = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 6 }), arbitraryInline)
      .map(([level, children]) => ({ type: 'heading', attrs: { level }, children })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(null, 'ts', 'a`b', 'c++ x'), fc.option(arbitraryText(30), { nil: undefined }))
      .map(([language, code]) => ({
        type: 'codeBlock',
        attrs: language === null ? {} : { language },
        children: code ? [{ type: 'text' as const, text: code, marks: {} }] : [],
      })),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'horizontalRule', attrs: {}, children: [] }) },
  { weight: 1, arbitrary: arbitraryRawBlock },
);

/** Random top-level blocks: every node kind the editor has, lists and quotes nested up to `depth`. */
export function arbitraryBlocks(depth = 2): fc.Arbitrary<EditorElement[]> {
  const block: fc.Arbitrary<EditorElement> =
    depth === 0
      ? textBlock
      : fc.oneof(
          { weight: 4, arbitrary: textBlock },
          { weight: 1, arbitrary: listOf('bulletList', depth) },
          { weight: 1, arbitrary: listOf('orderedList', depth) },
          { weight: 1, arbitrary: taskListOf(depth) },
          { weight: 1, arbitrary: arbitraryTable },
          { weight: 1, arbitrary: calloutOf(depth) },
          {
            weight: 1,
            arbitrary: arbitraryBlocks(depth - 1)
              .filter((children) => children.length > 0)
              .map((children) => ({ type: 'blockquote', attrs: {}, children })),
          },
        );
  return fc.array(block, { maxLength: 5 });
}

function listOf(type: 'bulletList' | 'orderedList', depth: number): fc.Arbitrary<EditorElement> {
  const item = fc
    .tuple(paragraph, arbitraryBlocks(depth - 1))
    .map(([first, rest]): EditorElement => ({ type: 'listItem', attrs: {}, children: [first, ...rest.slice(0, 2)] }));
  return fc
    .tuple(fc.array(item, { minLength: 1, maxLength: 3 }), fc.constantFrom(0, 1, 3, 10), fc.boolean())
    .map(([children, start, loose]) => ({
      type,
      attrs: { ...(type === 'orderedList' ? { start } : {}), ...looseAttrs(children, loose) },
      children,
    }));
}

// MD2: a list is loose by choice only when no item's own blocks already space it.
function looseAttrs(items: readonly EditorElement[], loose: boolean): { loose?: true } {
  return loose && !items.some(hasSpacedBlocks) ? { loose: true } : {};
}

function taskListOf(depth: number): fc.Arbitrary<EditorElement> {
  const item = fc.tuple(paragraph, arbitraryBlocks(depth - 1), fc.boolean()).map(
    ([first, rest, checked]): EditorElement => ({
      type: 'taskItem',
      attrs: { checked },
      children: [first, ...rest.slice(0, 2)],
    }),
  );
  return fc
    .tuple(fc.array(item, { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([children, loose]): EditorElement => ({ type: 'taskList', attrs: looseAttrs(children, loose), children }));
}

// MD9: a GFM table: a header row or none, up to two body rows, each cell one paragraph, one alignment per
// column. A blank header row above a body is how a table without one is written, so it is generated as none.
const arbitraryTable: fc.Arbitrary<EditorElement> = fc
  .tuple(
    fc.array(fc.constantFrom(null, 'left', 'center', 'right'), { minLength: 1, maxLength: 3 }),
    fc.integer({ min: 0, max: 2 }),
    fc.array(paragraph, { minLength: 9, maxLength: 9 }),
    fc.boolean(),
  )
  .map(([alignments, bodyRows, paragraphs, headed]): EditorElement => {
    const rowOf = (row: number, type: string): EditorElement => ({
      type: 'tableRow',
      attrs: {},
      children: alignments.map((align, column) => ({
        type,
        attrs: align ? { align } : {},
        children: [paragraphs[row * 3 + column] as EditorElement],
      })),
    });
    const body = Array.from({ length: bodyRows }, (_, row) => rowOf(row + 1, 'tableCell'));
    const blankHeader = alignments.every((_, column) => paragraphs[column]?.children.length === 0);
    const header = rowOf(0, headed && !(blankHeader && bodyRows > 0) ? 'tableHeader' : 'tableCell');
    return { type: 'table', attrs: {}, children: [header, ...body] };
  });

// MD10: an Obsidian callout: a type, maybe a fold sign and a title (Markdown, kept as typed), and a body.
function calloutOf(depth: number): fc.Arbitrary<EditorElement> {
  return fc
    .tuple(
      fc.constantFrom('note', 'tip', 'WARNING', 'x-y'),
      fc.constantFrom(null, '+', '-'),
      fc.constantFrom(null, 'Title', 'a *b* [[Link]]', 'x | y', 'ends\\'),
      arbitraryBlocks(depth - 1),
      fc.boolean(),
    )
    .map(
      ([kind, fold, title, body, spaced]): EditorElement => ({
        type: 'callout',
        attrs: {
          kind,
          ...(fold ? { fold } : {}),
          ...(title ? { title } : {}),
          // The blank line after the head is kept only before a first paragraph that has something in it.
          ...(spaced && startsWithText(body) ? { spaced: true } : {}),
        },
        children: body.length > 0 ? body : [{ type: 'paragraph', attrs: {}, children: [] }],
      }),
    );
}

function startsWithText(body: readonly EditorElement[]): boolean {
  const first = body[0];
  const text = first?.type === 'paragraph' ? first.children[0] : undefined;
  return text?.type === 'text' && 'text' in text && /^[a-z]/.test(text.text);
}
