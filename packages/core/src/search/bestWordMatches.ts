import type { LexicalScores } from './lexicalIndex';
import { nthLargest } from './nthLargest';

/**
 * HYB6: when the words found the answer, meaning re-ranks at most this many of the best word matches: a
 * note outside them would need to stand out in meaning by more than any note of bench/retrieval ever did
 * to reach the first page, and comparing 100,000 notes with the query costs 50 ms where this costs 3.
 */
export const MEANING_RERANKS = 1000;

/**
 * HYB6: the MEANING_RERANKS best word matches, exactly that many, as positions in `lexical`'s arrays (the
 * caller reads each one's row and score there). Matches tied at the cut are taken by their sample key
 * (`fnv1a32` of the note's id), then in row order: every match tied at the cut used to be taken, and notes of
 * equal length and term counts tie often (3,700 comparisons instead of 1,000 at 100,000 notes); keys, unlike
 * rows, are the same in the relay and a browser.
 */
export function bestWordMatches(lexical: LexicalScores, sampleKeys?: ArrayLike<number>): Int32Array {
  const { rows, scores, count } = lexical;
  if (count <= MEANING_RERANKS) return Int32Array.from({ length: count }, (_, position) => position);
  const floor = nthLargest(scores, count, MEANING_RERANKS);
  const chosen: number[] = [];
  const tied: number[] = [];
  for (let position = 0; position < count; position += 1) {
    const score = scores[position] as number;
    if (score > floor) chosen.push(position);
    else if (score === floor) tied.push(position);
  }
  const rowOf = (position: number) => rows[position] as number;
  const keyOf = (position: number) => (sampleKeys ? (sampleKeys[rowOf(position)] ?? 0) : rowOf(position));
  return Int32Array.from([...chosen, ...firstByKey(tied, MEANING_RERANKS - chosen.length, keyOf, rowOf)]);
}

/** The `wanted` positions of `tied` with the smallest keys, then the lowest rows. */
function firstByKey(
  tied: number[],
  wanted: number,
  keyOf: (position: number) => number,
  rowOf: (position: number) => number,
): number[] {
  if (tied.length <= wanted) return tied;
  // The wanted-th smallest key: the wanted-th largest of the negated keys.
  const cut = -nthLargest(
    Float64Array.from(tied, (position) => -keyOf(position)),
    tied.length,
    wanted,
  );
  const below = tied.filter((position) => keyOf(position) < cut);
  const atCut = tied.filter((position) => keyOf(position) === cut).sort((a, b) => rowOf(a) - rowOf(b));
  return [...below, ...atCut.slice(0, wanted - below.length)];
}
