/**
 * What a piece of Markdown kept as typed (core's `rawBlock` and `rawInline`) is, read from its source: the
 * editor has no node of its own for any of these, so it shows the source with this kind as its label.
 */
export type RawKind = 'html' | 'math' | 'footnote' | 'comment' | 'linkDefinition' | 'blockId' | 'image' | 'markdown';

const LABELS: Readonly<Record<RawKind, string>> = {
  html: 'HTML',
  math: 'Math',
  footnote: 'Footnote',
  comment: 'Comment',
  linkDefinition: 'Link definition',
  blockId: 'Block id',
  image: 'Image',
  markdown: 'Markdown',
};

// `[label]: destination`; a label holds no unescaped `]`, as CommonMark reads one.
const LINK_DEFINITION = /^\[(?:\\.|[^\\\]])+\]:/;

/** The kind of a block kept as typed (RAW1). Up to three spaces before a block don't change what it is. */
export function rawBlockKindOf(source: string): RawKind {
  const start = source.replace(/^ {0,3}/, '');
  if (start.startsWith('$$')) return 'math';
  if (start.startsWith('%%')) return 'comment';
  // Before link definitions: `[^1]: …` has the shape of one too.
  if (start.startsWith('[^')) return 'footnote';
  if (LINK_DEFINITION.test(start)) return 'linkDefinition';
  if (start.startsWith('<')) return 'html';
  return 'markdown';
}

/** The kind of an inline piece kept as typed (RAW2): `<tag>`, `[^1]`, `$…$`, `%%…%%`, `^id`, `![alt](url)`. */
export function rawInlineKindOf(source: string): RawKind {
  if (source.startsWith('<')) return 'html';
  if (source.startsWith('[^')) return 'footnote';
  if (source.startsWith('$')) return 'math';
  if (source.startsWith('%%')) return 'comment';
  if (source.startsWith('^')) return 'blockId';
  if (source.startsWith('![')) return 'image';
  return 'markdown';
}

/** The kind as a label: "HTML", "Link definition". */
export function rawKindLabelOf(kind: RawKind): string {
  return LABELS[kind];
}

/** What to do with an inline piece once its field is left with Enter (RAW3). */
export type RawSourceEdit =
  | { readonly kind: 'keep' }
  | { readonly kind: 'delete' }
  | { readonly kind: 'set'; readonly source: string };

/**
 * The edit a typed source makes: the same source changes nothing, a blank one removes the piece, anything
 * else is written exactly as typed (it is Markdown source: its spaces are part of it).
 */
export function rawSourceEditOf(current: string, typed: string): RawSourceEdit {
  if (typed === current) return { kind: 'keep' };
  if (!typed.trim()) return { kind: 'delete' };
  return { kind: 'set', source: typed };
}
