import type { Piece } from './markdownEscape';
import { markdownParser } from './markdownParse';

// MD7: spans written as they are because that is how they read back exactly: an image kept as text
// (MD3), which escaping would turn into something no other editor shows as an image, and a link whose
// text is its own address, written as an autolink (`<https://…>`) the way it was most likely typed.

// How far past `![` a `)` is looked for, so a line full of brackets costs a bounded number of parses.
const MAX_IMAGE_CLOSERS = 8;

/** Marks the pieces of one line that are written verbatim, and turns self-named links into autolinks. */
export function markVerbatim(pieces: Piece[]): void {
  for (let index = 0; index < pieces.length; index++) {
    const end = imageEnd(pieces, index);
    if (end < 0) continue;
    for (let inside = index; inside <= end; inside++) setVerbatim(pieces[inside]);
    index = end;
  }
  for (const [index, piece] of pieces.entries()) {
    if (piece.kind === 'other' && piece.raw === '[') writeAsAutolink(pieces, index);
  }
}

// The index of the `)` that ends an image starting at `start` (a bare `!` then `[`), or -1. The image must
// read back as exactly its text: parsed alone it is one image whose text (MD3's `![alt](src)`) is itself.
function imageEnd(pieces: readonly Piece[], start: number): number {
  if (!isBare(pieces[start], '!') || !isBare(pieces[start + 1], '[')) return -1;
  let text = '';
  let tries = 0;
  for (let index = start; isBare(pieces[index]) && tries < MAX_IMAGE_CLOSERS; index++) {
    const piece = pieces[index] as Extract<Piece, { kind: 'text' }>;
    // A code span or an autolink may start inside and end past the image, unmaking it in context.
    if (piece.char === '`' || piece.char === '<') return -1;
    text += piece.char;
    if (piece.char !== ')') continue;
    tries++;
    if (readsAsImage(text)) return index;
  }
  return -1;
}

function readsAsImage(text: string): boolean {
  const tokens = markdownParser.parseInline(text, {})[0]?.children ?? [];
  const [image] = tokens;
  return tokens.length === 1 && image?.type === 'image' && `![${image.content}](${image.attrGet('src')})` === text;
}

// `[text](href)` → `<text>` when markdown-it reads `<text>` back as the same link with the same text.
function writeAsAutolink(pieces: Piece[], opener: number): void {
  let closer = opener + 1;
  let text = '';
  for (let piece = pieces[closer]; piece?.kind === 'text'; piece = pieces[++closer]) {
    if (piece.raw !== piece.char) return;
    text += piece.char;
  }
  const end = pieces[closer];
  if (end?.kind !== 'other' || !end.link || end.link.title || !text) return;
  const tokens = markdownParser.parseInline(`<${text}>`, {})[0]?.children ?? [];
  const [open, inside] = tokens;
  if (tokens.length !== 3 || open?.type !== 'link_open' || open.attrGet('href') !== end.link.href) return;
  if (inside?.content !== text) return;
  (pieces[opener] as Extract<Piece, { kind: 'other' }>).raw = '<';
  end.raw = '>';
  for (let index = opener + 1; index < closer; index++) setVerbatim(pieces[index]);
}

function isBare(piece: Piece | undefined, char?: string): boolean {
  return (
    piece?.kind === 'text' && piece.raw === piece.char && !piece.linked && (char === undefined || piece.char === char)
  );
}

function setVerbatim(piece: Piece | undefined): void {
  if (piece?.kind === 'text') piece.verbatim = true;
}
