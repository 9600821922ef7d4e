import { fail, type Result } from '../result';
import { isHighSurrogate, isLowSurrogate } from './jsonSchema';

/** One page of a longer text (MCP4). `offset` is where this page starts in the whole text. */
export interface TextPage {
  readonly text: string;
  readonly offset: number;
  readonly totalChars: number;
  /** True when text follows this page; the next page starts at `offset + text.length`. */
  readonly truncated: boolean;
}

/**
 * MCP4: the page of `text` starting at `offset`, at most `maxChars` long. Positions are UTF-16 code units
 * (JavaScript's string indices, what `totalChars` counts), but a page never splits a surrogate pair, so
 * every page is valid Unicode on its own: an offset inside a pair starts at the pair (the answer's
 * `offset` says so), and a page that would end inside one ends before it — or, when that would leave the
 * page empty (`maxChars` 1 at a pair), after it, so paging always makes progress. Pages fetched from 0,
 * each at the previous `offset + text.length`, join to exactly `text`. An offset past the end is
 * `INVALID_INPUT`; the end itself gives an empty, untruncated page.
 * @example pageText('a😀b', 0, 2) // { ok: true, text: 'a', offset: 0, totalChars: 4, truncated: true }
 */
export function pageText(text: string, offset: number, maxChars: number): Result<TextPage, 'INVALID_INPUT'> {
  if (offset > text.length) {
    return fail('INVALID_INPUT', `offset must be at most ${text.length}, the text's length.`);
  }
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(maxChars) || maxChars < 1) {
    throw new Error('pageText: offset and maxChars must be checked by the input schema first');
  }
  const start = splitsPair(text, offset) ? offset - 1 : offset;
  let end = Math.min(text.length, start + maxChars);
  if (splitsPair(text, end)) end = end - 1 > start ? end - 1 : end + 1;
  return {
    ok: true,
    text: text.slice(start, end),
    offset: start,
    totalChars: text.length,
    truncated: end < text.length,
  };
}

/** True when position `index` falls between the two halves of a surrogate pair. */
export function splitsPair(text: string, index: number): boolean {
  return (
    index > 0 &&
    index < text.length &&
    isHighSurrogate(text.charCodeAt(index - 1)) &&
    isLowSurrogate(text.charCodeAt(index))
  );
}
