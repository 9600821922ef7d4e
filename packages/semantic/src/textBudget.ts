/**
 * Most pieces of a text the model reads: USE lite keeps the first 128 of a text's pieces and drops the rest
 * (measured: appending to a text of 128 pieces or more leaves its vector unchanged, to the bit). Cutting the
 * ids here changes no vector and keeps a long text from padding every other text of its model call.
 */
export const MAX_PIECES_PER_TEXT = 128;

/**
 * Most UTF-16 code units of a text the tokenizer reads, so that a pasted book costs what a page does. No piece is
 * longer than 16 code units, so a text cut here still has more pieces than the model reads, unless it holds long
 * runs of symbols the vocabulary lacks (each run is one `<unk>` piece).
 */
export const MAX_CHARS_PER_TEXT = 32 * MAX_PIECES_PER_TEXT;

/** How far back from the cut a space is looked for, so a word is not split in two; further than this, it is. */
const WORD_BOUNDARY_LOOKBACK = 64;

/** `text` cut to at most `maxLength` code units, at the last whitespace before the limit when one is near. */
export function cutText(text: string, maxLength: number = MAX_CHARS_PER_TEXT): string {
  if (text.length <= maxLength) return text;
  const hard = isHighSurrogate(text.charCodeAt(maxLength - 1)) ? maxLength - 1 : maxLength;
  for (let end = hard; end > hard - WORD_BOUNDARY_LOOKBACK && end > 0; end--) {
    if (/\s/.test(text.charAt(end))) return text.slice(0, end);
  }
  return text.slice(0, hard);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
