import { markdownParser } from '../parse/markdownIt';
import type { Piece } from './escape';

// MD7: a link whose text is its own address is written as an autolink (`<https://…>`), the way it was
// most likely typed.

/** Turns self-named links into autolinks. */
export function markVerbatim(pieces: Piece[]): void {
  for (const [index, piece] of pieces.entries()) {
    if (piece.kind === 'other' && piece.raw === '[') writeAsAutolink(pieces, index);
  }
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

function setVerbatim(piece: Piece | undefined): void {
  if (piece?.kind === 'text') piece.verbatim = true;
}
