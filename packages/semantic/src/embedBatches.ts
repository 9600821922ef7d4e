import { MAX_PIECES_PER_TEXT } from './textBudget';

/**
 * Most padded pieces (texts × the longest text's pieces) one model call reads: 32 texts of the longest kind. The
 * model pads every text of a call to the longest one, so this bounds a call's memory; texts are sorted by length
 * first so that short ones are not padded to a long one's length.
 */
export const MAX_PADDED_PIECES_PER_CALL = 32 * MAX_PIECES_PER_TEXT;

/** Groups the indexes of `lengths` (pieces per text, each at least 1) into calls within the padding budget. */
export function planModelCalls(lengths: readonly number[]): number[][] {
  const order = lengths.map((_, index) => index).sort((a, b) => (lengths[a] ?? 0) - (lengths[b] ?? 0));
  const calls: number[][] = [];
  let current: number[] = [];
  for (const index of order) {
    const longest = lengths[index] ?? 0;
    if (current.length > 0 && (current.length + 1) * longest > MAX_PADDED_PIECES_PER_CALL) {
      calls.push(current);
      current = [];
    }
    current.push(index);
  }
  if (current.length > 0) calls.push(current);
  return calls;
}
