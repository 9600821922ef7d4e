// MD2's escaping: a character of text gets a backslash only where CommonMark (as markdown-it reads it)
// would otherwise take it for syntax, so ordinary prose — `#tags`, snake_case, `a < b`, `![[embeds]]` — is
// written as typed (MD7). Text that would read back as a note link or an embed gets `\[[x]]`, `!\[[x]]`.
// Decisions look at the neighbors as they are finally written.

import { looksLikeWikilinkAt } from '../links/wikilinkSyntax';
import { blockIdEndAt, commentEndAt, footnoteRefEndAt, mathEndAt } from '../parse/rawInline';

/** A piece of one rendered line: a character of text, a mark's delimiter, or other fixed syntax. */
export type Piece =
  | { kind: 'text'; raw: string; readonly char: string; readonly linked: boolean; verbatim?: boolean }
  | { kind: 'delimiter'; raw: string; readonly opens: boolean; readonly name: string; partner?: Piece }
  | { kind: 'other'; raw: string; readonly link?: LinkTarget };

/** What a link's closing piece points to, as in the document. */
export interface LinkTarget {
  readonly href: string;
  readonly title: string | null;
}

type TextPiece = Extract<Piece, { kind: 'text' }>;

const ENTITY_LIKE = /^&#?[A-Za-z0-9]+;/;
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;
// A line of nothing but these (and spaces) is a thematic break or a setext underline.
const RULE_LINE = /^[-*_=+ \t]+$/;
// A line GFM could take for a table's delimiter row (`| --- | :-: |`, `-|-`).
const TABLE_DELIMITER_LINE = /^[-|: \t]*-[-|: \t]*$/;

/**
 * The text pieces of one run of equally marked characters. Whitespace at a line's edges and newlines
 * become character references (markdown-it would trim or split them) and `&` before something shaped like
 * an entity is escaped; every other character is left bare for `escapeTextPieces` to decide.
 */
export function textPiecesOf(
  run: readonly string[],
  where: { lineStart: boolean; lineEnd: boolean; linked: boolean },
  softBreaks = false,
): TextPiece[] {
  const text = run.join('');
  let offset = 0;
  return run.map((char, index) => {
    const atEdge = (where.lineStart && index === 0) || (where.lineEnd && index === run.length - 1);
    let raw = char;
    if ((atEdge && /\s/.test(char)) || (char === '\n' && !softBreaks) || char === '\r') raw = entityOf(char);
    else if (char === '&' && ENTITY_LIKE.test(text.slice(offset))) raw = '\\&';
    offset += char.length;
    return { kind: 'text', raw, char, linked: where.linked };
  });
}

/** A character as a numeric character reference. */
export function entityOf(char: string): string {
  return `&#${char.codePointAt(0)};`;
}

/**
 * MD7: backslashes the bare text characters of one line (its pieces, delimiters already placed) that
 * would read back as syntax. In a heading, `#`s at the end are escaped too (a closing sequence).
 */
export function escapeTextPieces(pieces: readonly Piece[], inHeading: boolean): void {
  const line = pieces.map((piece) => piece.raw).join('');
  const numberEnd = listNumberEnd(pieces);
  const hashesFrom = closingHashesStart(pieces);
  const escaped = pieces.map((piece, index) => {
    if (piece.kind !== 'text' || piece.raw !== piece.char || piece.verbatim) return false;
    const context = {
      previous: pieces[index - 1]?.raw.at(-1) ?? '',
      next: pieces[index + 1]?.raw[0] ?? '',
      previousIsDelimiter: pieces[index - 1]?.kind === 'delimiter',
      nextIsDelimiter: pieces[index + 1]?.kind === 'delimiter',
      lineStart: index === 0,
      ruleLine: RULE_LINE.test(line),
      tableDelimiterLine: TABLE_DELIMITER_LINE.test(line) && line.includes('|'),
      closingHash: inHeading && index >= hashesFrom,
    };
    return index === numberEnd ? isSpaceOrEnd(context.next) : needsEscape(piece, context);
  });
  for (const [index, piece] of pieces.entries()) {
    if (escaped[index] && piece.kind === 'text') piece.raw = `\\${piece.char}`;
  }
}

/**
 * MD7, MD11: backslashes the bare text characters of a paragraph's pieces (across its soft breaks, as the
 * inline parser reads them) that would start math, a comment, a footnote or a block id; text that would
 * read as a note link is written fully escaped, `\\[\\[x\\]\\]`, as Obsidian users escape it.
 */
export function escapeRawSyntax(pieces: readonly Piece[]): void {
  // An escape can unmake a closer and so let an opener reach a later one: repeat until nothing changes (a
  // pass only adds escapes; the bound only matters for hostile text, which MD12 then keeps as typed).
  for (let pass = 0; pass < MAX_RAW_ESCAPE_PASSES && escapeRawSyntaxOnce(pieces); pass++) {}
}

const MAX_RAW_ESCAPE_PASSES = 8;

function escapeRawSyntaxOnce(pieces: readonly Piece[]): boolean {
  const source = pieces.map((piece) => piece.raw).join('');
  const offsets = offsetsOf(pieces);
  const at = new Map(offsets.map((offset, index) => [offset, index]));
  let changed = false;
  for (const [index, piece] of pieces.entries()) {
    if (piece.kind !== 'text' || piece.raw !== piece.char || piece.verbatim) continue;
    const offset = offsets[index] ?? 0;
    if (startsRawSyntax(source, offset)) {
      piece.raw = `\\${piece.char}`;
      changed = true;
    } else if (looksLikeWikilinkAt(source, offset)) {
      const close = source.indexOf(']]', offset + 2);
      for (const bracket of [offset, offset + 1, close, close + 1]) escapeBare(pieces[at.get(bracket) ?? -1]);
      changed = true;
    }
  }
  return changed;
}

// `^[` is escaped whether or not a `]` closes it: what is inside may be escaped later and so balance it.
function startsRawSyntax(source: string, offset: number): boolean {
  if (source[offset] === '^' && source[offset + 1] === '[') return true;
  const finders = [mathEndAt, commentEndAt, footnoteRefEndAt, blockIdEndAt];
  return finders.some((endAt) => endAt(source, offset) >= 0);
}

function escapeBare(piece: Piece | undefined): void {
  if (piece?.kind === 'text' && piece.raw === piece.char) piece.raw = `\\${piece.char}`;
}

interface EscapeContext {
  readonly previous: string;
  /** The piece before is a mark's delimiter (`==` joins a `=` of text to its run). */
  readonly previousIsDelimiter: boolean;
  readonly nextIsDelimiter: boolean;
  readonly next: string;
  readonly lineStart: boolean;
  readonly ruleLine: boolean;
  /** A line of only `|`, `:`, `-` and spaces: after a line with a `|` it would make the two a table (MD9). */
  readonly tableDelimiterLine: boolean;
  /** In a heading, one of the `#`s that end it: markdown-it would take them for a closing sequence. */
  readonly closingHash: boolean;
}

function needsEscape(piece: TextPiece, context: EscapeContext): boolean {
  const { previous, next, lineStart, ruleLine, closingHash } = context;
  switch (piece.char) {
    case '`':
      return true;
    case '\\':
      // A backslash is literal unless ASCII punctuation follows (or a line break could).
      return next === '' || ASCII_PUNCTUATION.test(next);
    case '*':
      // Between spaces a `*` can neither open nor close emphasis; at a line's start it is a bullet.
      return lineStart || !(isSpace(previous) && isSpace(next));
    case '_':
      // Inside a word `_` can neither open nor close emphasis (CommonMark's rule for `_`, not `*`).
      return !(isAlphanumeric(previous) && isAlphanumeric(next));
    case '[':
      return piece.linked;
    case ']':
      // Only `](` makes a link and `]:` a definition: no definitions are ever written, so `[x]` is text.
      return piece.linked || next === '(' || next === ':';
    case '<':
      // A tag, a comment or an autolink needs something right after the `<`.
      return !isSpace(next);
    case '>':
      return lineStart;
    case '~':
      return previous === '~' || next === '~';
    case '|':
      return context.tableDelimiterLine;
    case '^':
      // `[^` opens a footnote reference, even as a link's first character.
      return previous === '[';
    case '$':
    case '%':
      // `$$` and `%%` starting a block open display math and a comment (MD11).
      return lineStart && next === piece.char;
    case '=':
      return joinsHighlightRun(context) || (lineStart && (isSpaceOrEnd(next) || ruleLine));
    case '#':
      return closingHash || (lineStart && (isSpaceOrEnd(next) || next === '#'));
    case '-':
    case '+':
      return lineStart && (isSpaceOrEnd(next) || ruleLine);
    default:
      return false;
  }
}

// `==` opens or closes a highlight only where it touches a non-space; a `=` beside a highlight's own `==`
// would lengthen that run and change what it does.
function joinsHighlightRun({ previous, next, previousIsDelimiter, nextIsDelimiter }: EscapeContext): boolean {
  if (previous === '=' && (previousIsDelimiter || !isSpace(next))) return true;
  return next === '=' && (nextIsDelimiter || !isSpace(previous));
}

// Where each piece starts in the line its raw texts make.
function offsetsOf(pieces: readonly Piece[]): number[] {
  const offsets: number[] = [];
  let offset = 0;
  for (const piece of pieces) {
    offsets.push(offset);
    offset += piece.raw.length;
  }
  return offsets;
}

// Where the run of `#` text that ends the line starts (the line's length when it doesn't end in `#`).
function closingHashesStart(pieces: readonly Piece[]): number {
  let start = pieces.length;
  while (start > 0 && pieces[start - 1]?.kind === 'text' && pieces[start - 1]?.raw === '#') start--;
  return start;
}

// The index of the `.` or `)` after 1–9 digits at a line's start (an ordered list's marker), or -1.
function listNumberEnd(pieces: readonly Piece[]): number {
  let index = 0;
  while (index < 10 && pieces[index]?.kind === 'text' && /^\d$/.test(pieces[index]?.raw ?? '')) index++;
  const marker = pieces[index];
  return index > 0 && index < 10 && marker?.kind === 'text' && /^[.)]$/.test(marker.raw) ? index : -1;
}

function isSpace(char: string): boolean {
  return char !== '' && /\s/.test(char);
}

function isSpaceOrEnd(char: string): boolean {
  return char === '' || isSpace(char);
}

// Letters and digits are neither whitespace nor punctuation for markdown-it, whatever the script.
function isAlphanumeric(char: string): boolean {
  return /^[\p{L}\p{N}]$/u.test(char);
}
