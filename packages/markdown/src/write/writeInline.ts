import { LINKING_NODES, NOTE_EMBED, wikilinkMarkdownOf } from '../links/wikilinkSyntax';
import {
  type EditorElement,
  type EditorMarks,
  type EditorNode,
  isEditorText,
  marksOfAtom,
  RAW_INLINE,
} from '../model/editorModel';
import { markdownParser } from '../parse/markdownIt';
import { entityOf, escapeRawSyntax, escapeTextPieces, type Piece, textPiecesOf } from './escape';
import { markVerbatim } from './verbatim';

// Marks starting together open the one running furthest first (it must wrap the others); of marks running
// equally far, the first here, except that a link opens after the formatting it was read `inside`
// (`**[x](u)**`, MD13). Code always sits innermost.
const MARK_ORDER = ['link', 'underline', 'highlight', 'strike', 'bold', 'italic', 'code'] as const;
type MarkName = (typeof MARK_ORDER)[number];
const DELIMITERS: Partial<Record<MarkName, string>> = { highlight: '==', strike: '~~', bold: '**', italic: '*' };
const OPENERS: Record<MarkName, string> = {
  link: '[',
  underline: '<u>',
  highlight: '==',
  strike: '~~',
  bold: '**',
  italic: '*',
  code: '',
};
const CLOSERS: Record<MarkName, string> = {
  link: '',
  underline: '</u>',
  highlight: '==',
  strike: '~~',
  bold: '**',
  italic: '*',
  code: '',
};

interface Char {
  readonly text: string;
  marks: Map<MarkName, Readonly<Record<string, unknown>>>;
  /** Equal for two characters exactly when their marks are: runs are found by comparing keys. */
  marksKey: string;
  /** An inline node written as a whole (a note link, LNK2): its Markdown, never escaped. */
  readonly atom?: string;
}

/**
 * MD2: a textblock's inline content as Markdown. Hard breaks are `\` + newline (`<br>` in headings and for
 * a break that ends its block, where `\` would not count); a newline in a paragraph's text is a newline
 * (a soft break); text is escaped so it reads back unchanged. Raw inline nodes are their source (MD11).
 */
export function renderInline(children: readonly EditorNode[], inHeading: boolean): string {
  const segments: EditorNode[][] = [[]];
  for (const child of children) {
    if (isEditorText(child) || isAtom(child)) segments[segments.length - 1]?.push(child);
    else if (child.type === 'hardBreak') segments.push([]);
    else segments[segments.length - 1]?.push(...child.children);
  }
  const pieces: Piece[] = [];
  for (const [index, segment] of segments.entries()) {
    if (index > 0) {
      const isLast = index === segments.length - 1 && segment.length === 0;
      pieces.push({ kind: 'other', raw: inHeading || isLast ? '<br>' : '\\\n' });
    }
    pieces.push(...renderSegment(charsOf(segment), inHeading));
  }
  // Math, comments and footnotes may run across hard breaks: the whole textblock is what the parser reads.
  escapeRawSyntax(pieces);
  return pieces.map((piece) => piece.raw).join('');
}

function isAtom(node: EditorElement): boolean {
  return LINKING_NODES.has(node.type) || node.type === RAW_INLINE;
}

function atomMarkdownOf(node: EditorElement): string {
  return node.type === RAW_INLINE ? String(node.attrs.source ?? '') : noteLinkMarkdownOf(node);
}

function charsOf(segment: readonly EditorNode[]): Char[] {
  const chars: Char[] = [];
  for (const node of segment) {
    if (!isEditorText(node)) {
      if (!isAtom(node)) continue;
      // MD13: an atom wears the marks its attribute names, so `**[[Settings]] → Editor**` stays one bold run.
      const marks = knownMarks(marksOfAtom(node));
      chars.push({ text: '', marks, marksKey: keyOfMarks(marks), atom: atomMarkdownOf(node) });
      continue;
    }
    // The characters of a run share its marks until one of them changes (copy on write, in `unmark`).
    const marks = knownMarks(node.marks, node.text);
    const marksKey = keyOfMarks(marks);
    for (const text of node.text) chars.push({ text, marks, marksKey });
  }
  return chars;
}

// A link Markdown would refuse to read back is kept as its text, and so is code holding a bracket: a link
// around it could read as a reference definition (`[`]:x`](u)`).
function knownMarks(marks: EditorMarks, text = ''): Map<MarkName, Readonly<Record<string, unknown>>> {
  const known = new Map<MarkName, Readonly<Record<string, unknown>>>();
  for (const name of MARK_ORDER) {
    const attrs = marks[name];
    if (!attrs) continue;
    if (name === 'link' && !isLinkAllowed(String(attrs.href ?? ''))) continue;
    if (name === 'link' && marks.code && /[[\]]/.test(text)) continue;
    known.set(name, attrs);
  }
  return known;
}

function isLinkAllowed(href: string): boolean {
  return markdownParser.validateLink(markdownParser.normalizeLink(href));
}

type OpenMark = [MarkName, Readonly<Record<string, unknown>>];

interface RunVisitor {
  close(name: MarkName, attrs: Readonly<Record<string, unknown>>, at: number): void;
  open(name: MarkName, at: number): void;
  run(start: number, end: number): void;
}

// Walks runs of equally marked characters, closing marks from the first one that changed (the stack of
// open marks nests like the Markdown it becomes) and opening the new ones outermost first.
function walkRuns(chars: readonly Char[], visitor: RunVisitor): void {
  const open: OpenMark[] = [];
  const closeDownTo = (keep: number, at: number): void => {
    while (open.length > keep) {
      const [name, attrs] = open.pop() as OpenMark;
      visitor.close(name, attrs, at);
    }
  };
  for (let index = 0; index < chars.length; ) {
    const marks = (chars[index] as Char).marks;
    let end = index + 1;
    const key = (chars[index] as Char).marksKey;
    while (end < chars.length && (chars[end] as Char).marksKey === key) end++;
    let keep = 0;
    while (keep < open.length && sameAttrs(marks.get(open[keep]?.[0] as MarkName), open[keep]?.[1])) keep++;
    // Code stays innermost: it is closed (it writes nothing) so that a mark starting on it opens outside it.
    const codeAt = open.findIndex(([name]) => name === 'code');
    if (codeAt >= 0 && codeAt < keep && [...marks.keys()].some((name) => !open.some(([o]) => o === name))) {
      keep = codeAt;
    }
    closeDownTo(keep, index);
    for (const [name, attrs] of marksOpeningAt(chars, index, open)) {
      open.push([name, attrs]);
      visitor.open(name, index);
    }
    visitor.run(index, end);
    index = end;
  }
  closeDownTo(0, chars.length);
}

// The marks of `chars[index]` not yet open, outermost first: the furthest-running first, ties in MARK_ORDER.
function marksOpeningAt(chars: readonly Char[], index: number, open: readonly OpenMark[]): OpenMark[] {
  const marks = (chars[index] as Char).marks;
  const opening = MARK_ORDER.flatMap((name): OpenMark[] => {
    const attrs = marks.get(name);
    return attrs && !open.some(([openName]) => openName === name) ? [[name, attrs]] : [];
  });
  if (opening.length < 2) return opening;
  const reach = new Map(opening.map(([name, attrs]) => [name, reachOf(chars, index, name, attrs)]));
  // Of marks running as far as a link, those it was read inside open before it (MD13).
  const link = opening.find(([name]) => name === 'link');
  const wrappers = typeof link?.[1].inside === 'string' ? link[1].inside.split(' ') : [];
  const rank = (name: MarkName): number => {
    const wraps = link && wrappers.includes(name) && reach.get(name) === reach.get('link');
    return (wraps ? -MARK_ORDER.length : 0) + MARK_ORDER.indexOf(name);
  };
  return opening.sort(([a], [b]) => (reach.get(b) as number) - (reach.get(a) as number) || rank(a) - rank(b));
}

// The index just past the run of characters from `index` that wear mark `name` with `attrs`.
function reachOf(chars: readonly Char[], index: number, name: MarkName, attrs: Readonly<Record<string, unknown>>) {
  let end = index;
  while (end < chars.length && sameAttrs((chars[end] as Char).marks.get(name), attrs)) end++;
  return end;
}

// CommonMark's `**` can't open before or close after whitespace, so marked whitespace where a delimiter
// would sit is moved outside the mark (MD2), until no delimiter touches whitespace.
function expelWhitespace(chars: readonly Char[]): void {
  const isSpace = (index: number): boolean => /\s/.test(chars[index]?.text ?? 'x');
  for (let changed = true; changed; ) {
    changed = false;
    const unmark = (index: number, name: MarkName): void => {
      const char = chars[index];
      if (!char) return;
      char.marks = new Map(char.marks);
      char.marks.delete(name);
      char.marksKey = keyOfMarks(char.marks);
      changed = true;
    };
    walkRuns(chars, {
      close: (name, _attrs, at) => {
        if (DELIMITERS[name] && isSpace(at - 1)) unmark(at - 1, name);
      },
      open: (name, at) => {
        if (DELIMITERS[name] && isSpace(at)) unmark(at, name);
      },
      run: () => {},
    });
  }
}

function renderSegment(chars: readonly Char[], inHeading: boolean): Piece[] {
  expelWhitespace(chars);
  const pieces: Piece[] = [];
  const openers = new Map<MarkName, Piece>();
  const isLinked = (index: number): boolean => (chars[index] as Char).marks.has('link');
  walkRuns(chars, {
    close: (name, attrs) => {
      const closer = closerOf(name, attrs);
      const opener = openers.get(name);
      if (closer.kind === 'delimiter' && opener?.kind === 'delimiter') {
        closer.partner = opener;
        opener.partner = closer;
      }
      pieces.push(closer);
    },
    open: (name) => {
      const opener = openerOf(name);
      openers.set(name, opener);
      pieces.push(opener);
    },
    run: (start, end) => {
      for (const [from, to] of atomSplits(chars, start, end)) {
        const atom = (chars[from] as Char).atom;
        const run = chars.slice(from, to).map((char) => char.text);
        if (atom !== undefined) pieces.push({ kind: 'other', raw: atom });
        else if ((chars[from] as Char).marks.has('code')) pieces.push({ kind: 'other', raw: codeSpanOf(run.join('')) });
        else {
          const where = { lineStart: pieces.length === 0, lineEnd: to === chars.length, linked: isLinked(from) };
          pieces.push(...textPiecesOf(run, where, !inHeading));
        }
      }
    },
  });
  // A fix can break the run before it (its neighbor became `;`), so repeat until none is needed.
  while (fixFlanking(pieces)) {}
  markVerbatim(pieces);
  for (const line of linesOf(pieces)) escapeTextPieces(line, inHeading);
  // `!` right before a link would make it an image.
  for (const [index, piece] of pieces.entries()) {
    const next = pieces[index + 1];
    if (piece.kind === 'text' && piece.raw === '!' && next?.kind === 'other' && next.raw.startsWith('['))
      piece.raw = '\\!';
  }
  return pieces;
}

// The pieces of each line a paragraph's soft breaks make; a newline that would leave a blank line (or one of
// only spaces, which markdown-it strips) beside it is written as a character reference instead.
function linesOf(pieces: Piece[]): Piece[][] {
  const lines: Piece[][] = [[]];
  for (const [index, piece] of pieces.entries()) {
    if (piece.kind === 'text' && piece.raw === '\n') {
      if (isBlankAround(pieces, index)) piece.raw = entityOf('\n');
      else {
        encodeSpace(pieces[index - 1]);
        encodeSpace(pieces[index + 1]);
        lines.push([]);
        continue;
      }
    }
    lines[lines.length - 1]?.push(piece);
  }
  return lines;
}

function isBlankAround(pieces: readonly Piece[], index: number): boolean {
  const isBlank = (step: number): boolean => {
    for (let at = index + step; at >= 0 && at < pieces.length; at += step) {
      const piece = pieces[at] as Piece;
      if (piece.kind === 'text' && piece.raw === '\n') return true;
      if (isLineContent(piece)) return false;
    }
    return true;
  };
  return isBlank(-1) || isBlank(1);
}

// Delimiters and HTML tags alone don't make a line markdown-it reads as more of the paragraph: `<u>` alone
// on a first line starts an HTML block.
function isLineContent(piece: Piece): boolean {
  if (piece.kind === 'delimiter') return false;
  if (piece.kind === 'other') return !/^<[^>]*>$/.test(piece.raw);
  return !/^\s+$/.test(piece.raw);
}

// Whitespace at either side of a soft break would be trimmed by markdown-it (two spaces make a hard break).
function encodeSpace(piece: Piece | undefined): void {
  if (piece?.kind === 'text' && piece.raw === piece.char && /^\s$/.test(piece.char)) piece.raw = entityOf(piece.char);
}

// A run of equally marked characters cut so each atom stands alone: [from, to) ranges in order.
function atomSplits(chars: readonly Char[], start: number, end: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let from = start;
  for (let index = start; index < end; index++) {
    if ((chars[index] as Char).atom === undefined) continue;
    if (from < index) ranges.push([from, index]);
    ranges.push([index, index + 1]);
    from = index + 1;
  }
  if (from < end) ranges.push([from, end]);
  return ranges;
}

function noteLinkMarkdownOf(node: EditorElement): string {
  const { docId, target, heading, alias } = node.attrs;
  const attrs = {
    docId: typeof docId === 'string' ? docId : null,
    target: String(target ?? ''),
    heading: typeof heading === 'string' ? heading : null,
    alias: typeof alias === 'string' ? alias : null,
  };
  const markdown = wikilinkMarkdownOf(attrs, attrs.target);
  return node.type === NOTE_EMBED ? `!${markdown}` : markdown;
}

function openerOf(name: MarkName): Piece {
  return DELIMITERS[name]
    ? { kind: 'delimiter', raw: OPENERS[name], opens: true, name }
    : { kind: 'other', raw: OPENERS[name] };
}

function closerOf(name: MarkName, attrs: Readonly<Record<string, unknown>>): Piece {
  if (name === 'link') {
    const link = { href: String(attrs.href ?? ''), title: attrs.title ? String(attrs.title) : null };
    return { kind: 'other', raw: linkCloserOf(attrs), link };
  }
  return DELIMITERS[name]
    ? { kind: 'delimiter', raw: CLOSERS[name], opens: false, name }
    : { kind: 'other', raw: CLOSERS[name] };
}

function codeSpanOf(code: string): string {
  const content = code.replace(/[\r\n]/g, ' ');
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const needsPadding = /^`|`$/.test(content) || (/^ .* $/.test(content) && /[^ ]/.test(content));
  return needsPadding ? `${fence} ${content} ${fence}` : `${fence}${content}${fence}`;
}

function linkCloserOf(attrs: Readonly<Record<string, unknown>>): string {
  // Written the way markdown-it reads it back (percent-encoded), so the text is stable (MD2).
  const href = markdownParser.normalizeLink(String(attrs.href ?? ''));
  const destination = /^[^\s<>()\\]+$/.test(href) && !/&#?[A-Za-z0-9]+;/.test(href) ? href : angled(href);
  const title = attrs.title
    ? ` "${String(attrs.title)
        .replace(/["\\]/g, '\\$&')
        .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
        .replace(/\n/g, ' ')}"`
    : '';
  return `](${destination}${title})`;
}

function angled(href: string): string {
  const escaped = href.replace(/[<>\\]/g, '\\$&').replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&');
  return `<${escaped.replace(/\n/g, '%0A')}>`;
}

/**
 * CommonMark lets `**` close only after a non-punctuation character or before whitespace or punctuation
 * (and the mirror rule for opening). Where a mark's edge has punctuation inside and a letter outside, the
 * letter is written as a character reference, which counts as punctuation, so the mark still reads back.
 * A delimiter run that could both open and close (inside a word, or a mark ending where another begins)
 * is ambiguous to CommonMark; those marks are written as HTML (`<em>`, `<strong>`, `<s>`) instead.
 */
function fixFlanking(pieces: Piece[]): boolean {
  let changed = false;
  const encode = (piece: Piece | undefined): void => {
    if (piece?.kind !== 'text' || piece.raw === entityOf(piece.char)) return;
    piece.raw = entityOf(piece.char);
    changed = true;
  };
  // How many marks written with each delimiter character are open where the scan is.
  const openMarks = new Map<string, number>();
  for (let start = 0; start < pieces.length; start++) {
    const first = pieces[start];
    if (first?.kind !== 'delimiter' || first.raw.startsWith('<')) continue;
    let end = start;
    const run: Array<Extract<Piece, { kind: 'delimiter' }>> = [];
    // Code's ends write nothing, so delimiters on either side of one are a single run.
    for (let piece = pieces[end]; piece && isRunPart(piece, first.raw[0] as string); piece = pieces[++end]) {
      if (piece.kind === 'delimiter') run.push(piece);
    }
    while (end > start && pieces[end - 1]?.kind !== 'delimiter') end--;
    const opens = run.some((piece) => piece.opens);
    const closes = run.some((piece) => !piece.opens);
    const before = nonEmptyPiece(pieces, start - 1, -1);
    const after = nonEmptyPiece(pieces, end, 1);
    // Whole code points: an emoji's halves would read as letters, and it is a symbol.
    const previous = before ? (Array.from(before.raw).at(-1) ?? ' ') : ' ';
    const next = after ? String.fromCodePoint(after.raw.codePointAt(0) ?? 32) : ' ';
    const left = !/\s/.test(next) && (!isPunctuation(next) || !isWordy(previous));
    const right = !/\s/.test(previous) && (!isPunctuation(previous) || !isWordy(next));
    const char = first.raw[0] as string;
    const closers = run.filter((piece) => !piece.opens).length;
    const outerOpen = (openMarks.get(char) ?? 0) > closers;
    // A run that could open and close (`**[[Settings]]**.`) is read as a closer first, so one that only closes
    // finds its opener when nothing else of its kind is open; one that only opens, when nothing else is.
    const ambiguous = left && right && (outerOpen || !closes) && (outerOpen || !opens || closes);
    if (opens && !closes && !left && before?.kind === 'text') encode(before);
    else if (closes && !opens && !right && after?.kind === 'text') encode(after);
    else if ((opens && closes) || ambiguous || (opens && !left) || (closes && !right)) {
      for (const piece of run) writeAsHtml(piece);
      changed = true;
    }
    openMarks.set(char, (openMarks.get(char) ?? 0) + run.length - 2 * closers);
    start = end - 1;
  }
  return changed;
}

function isRunPart(piece: Piece, char: string): boolean {
  return piece.kind === 'delimiter' ? piece.raw[0] === char : piece.raw === '';
}

// The nearest piece from `index` on, stepping by `step`, that writes something (a code mark's ends write nothing).
function nonEmptyPiece(pieces: readonly Piece[], index: number, step: 1 | -1): Piece | undefined {
  for (let at = index; at >= 0 && at < pieces.length; at += step) {
    if ((pieces[at] as Piece).raw !== '') return pieces[at];
  }
  return undefined;
}

const HTML_TAGS: Partial<Record<MarkName, string>> = { italic: 'em', bold: 'strong', strike: 's', highlight: 'mark' };

function writeAsHtml(piece: Extract<Piece, { kind: 'delimiter' }>): void {
  for (const end of [piece, piece.partner]) {
    if (end?.kind !== 'delimiter') continue;
    end.raw = `<${end.opens ? '' : '/'}${HTML_TAGS[end.name as MarkName]}>`;
  }
}

function isPunctuation(char: string): boolean {
  return /[\p{P}\p{S}]/u.test(char);
}

function isWordy(char: string): boolean {
  return !/\s/.test(char) && !isPunctuation(char);
}

// A link's `inside` only orders ties (MD13): runs differing only there are one run, so code spans never touch.
function keyOfMarks(marks: ReadonlyMap<MarkName, Readonly<Record<string, unknown>>>): string {
  const comparable = [...marks].map(([name, attrs]) => {
    const { inside: _inside, ...rest } = attrs;
    return [name, rest] as const;
  });
  return JSON.stringify(comparable.sort(([a], [b]) => (a < b ? -1 : 1)));
}

// One link is one link whether or not it was read `inside` its formatting: that only orders ties (MD13).
function sameAttrs(a: Readonly<Record<string, unknown>> | undefined, b: Readonly<Record<string, unknown>> | undefined) {
  if (a === undefined || b === undefined) return false;
  const { inside: _a, ...restA } = a;
  const { inside: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}
