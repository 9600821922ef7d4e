import type { LexicalScores } from './lexicalIndex';
import { nthLargest } from './nthLargest';

/**
 * HYB6: when the words found the answer, meaning re-ranks at most this many of the best word matches: a
 * note outside them would need to stand out in meaning by more than any note of bench/retrieval ever did
 * to reach the first page, and comparing 100,000 notes with the query costs 50 ms where this costs 3.
 */
export const MEANING_RERANKS = 1000;

/**
 * HYB6: the rows of the MEANING_RERANKS best word matches, exactly that many. Matches tied at the cut are
 * taken by their sample key (`fnv1a32` of the note's id), then in row order: every match tied at the cut
 * used to be taken, and notes of equal length and term counts tie often (3,700 comparisons instead of
 * 1,000 at 100,000 notes); keys, unlike rows, are the same in the relay and a browser.
 */
export function bestWordMatches(lexical: LexicalScores, sampleKeys?: ArrayLike<number>): Int32Array {
  const { rows, scores, count } = lexical;
  if (count <= MEANING_RERANKS) return rows.subarray(0, count);
  const floor = nthLargest(scores, count, MEANING_RERANKS);
  const chosen: number[] = [];
  const tied: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const score = scores[index] as number;
    if (score > floor) chosen.push(rows[index] as number);
    else if (score === floor) tied.push(rows[index] as number);
  }
  return Int32Array.from([...chosen, ...firstByKey(tied, MEANING_RERANKS - chosen.length, sampleKeys)]);
}

/** The `wanted` rows of `tied` with the smallest keys (then the lowest rows), or the lowest rows without keys. */
function firstByKey(tied: number[], wanted: number, keys?: ArrayLike<number>): number[] {
  if (tied.length <= wanted) return tied;
  const keyOf = (row: number) => (keys ? (keys[row] ?? 0) : row);
  // The wanted-th smallest key: the wanted-th largest of the negated keys.
  const cut = -nthLargest(
    Float64Array.from(tied, (row) => -keyOf(row)),
    tied.length,
    wanted,
  );
  const below = tied.filter((row) => keyOf(row) < cut);
  const atCut = tied.filter((row) => keyOf(row) === cut).sort((a, b) => a - b);
  return [...below, ...atCut.slice(0, wanted - below.length)];
}
