import { tokenize } from '../embedder/tokenize';
import { dotRowMajor, dotsColumnMajor, type SparseQuery, sparseQueryOf } from './sparseQuery';
import { type RankedRow, TopList } from './topList';

/** SRCH2: how much a full title match adds to a cosine in [-1, 1]. */
export const TITLE_BOOST = 0.3;

/**
 * SRCH2: the share of the query's distinct tokens that appear in the title's tokens, times TITLE_BOOST.
 * A person typing a note's name expects that note first, whatever its body says.
 * @example titleBoost(tokenize('refund policy'), 'Refund policy') // 0.3
 */
export function titleBoost(queryTokens: readonly string[], title: string | ReadonlySet<string>): number {
  const wanted = new Set(queryTokens);
  return titleBoostOf(countFound(wanted, title), wanted.size);
}

/** A candidate's place in the packed matrix and its title (as text, or its tokens precomputed). */
export interface RankCandidate {
  readonly row: number;
  readonly title: string | ReadonlySet<string>;
}

/**
 * SRCH2: the boost for a title holding `found` of the query's `wanted` distinct tokens. One formula for
 * the browser (which tokenizes titles as it goes) and the relay (which counts matches from an index of
 * title tokens).
 */
export function titleBoostOf(found: number, wanted: number): number {
  return wanted === 0 ? 0 : (TITLE_BOOST * found) / wanted;
}

/**
 * SRCH1: scores candidates by cosine (vectors are unit length, EMB5) plus the title boost over a
 * row-major matrix (the browser's copy) and returns the best `limit`, best first; ties go to the lower
 * row so results are stable. Only rows passed in as candidates are read: filtering (vault, live,
 * permissions, folder) happens before scoring. The relay scores its column-major copy with
 * {@link rankColumns}; both add the same terms in the same order, so they agree to the bit.
 */
export function rankCandidates(
  query: Float32Array,
  queryTokens: readonly string[],
  matrix: Float32Array,
  candidates: readonly RankCandidate[],
  limit: number,
): RankedRow[] {
  const wanted = new Set(queryTokens);
  const sparse = sparseQueryOf(query);
  const top = new TopList(limit);
  for (const candidate of candidates) {
    const cosine = dotRowMajor(sparse, matrix, candidate.row * query.length);
    top.offer(candidate.row, cosine + titleBoostOf(countFound(wanted, candidate.title), wanted.size));
  }
  return top.toArray();
}

/** Candidate rows of a column-major matrix and, per candidate, how many query tokens its title holds. */
export interface ColumnCandidates {
  readonly rows: Int32Array;
  readonly count: number;
  readonly titleHits: Uint8Array;
}

/**
 * SRCH1 over a column-major matrix (the relay's copy, SRCH4): the same scores as
 * {@link rankCandidates}, reading only the query's nonzero dimensions of the candidate rows.
 * `titleHits[i]` counts the distinct query tokens found in the title of `rows[i]`.
 */
export function rankColumns(
  query: SparseQuery,
  wantedTokens: number,
  matrix: { readonly columns: Float32Array; readonly capacity: number },
  candidates: ColumnCandidates,
  limit: number,
): RankedRow[] {
  const cosines = new Float64Array(candidates.count);
  dotsColumnMajor(query, matrix.columns, matrix.capacity, candidates.rows, candidates.count, cosines);
  // Title hits take few values, so each boost is computed once, not once per candidate.
  const boosts = Array.from({ length: wantedTokens + 1 }, (_, found) => titleBoostOf(found, wantedTokens));
  const top = new TopList(limit);
  for (let index = 0; index < candidates.count; index += 1) {
    const boost = boosts[candidates.titleHits[index] as number] ?? 0;
    top.offer(candidates.rows[index] as number, (cosines[index] as number) + boost);
  }
  return top.toArray();
}

function countFound(wanted: ReadonlySet<string>, title: string | ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  const present = typeof title === 'string' ? new Set(tokenize(title)) : title;
  let found = 0;
  for (const token of wanted) if (present.has(token)) found += 1;
  return found;
}
