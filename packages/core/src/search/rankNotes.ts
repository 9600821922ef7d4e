import { tokenize } from '../embedder/tokenize';

/** SRCH2: how much a full title match adds to a cosine in [-1, 1]. */
export const TITLE_BOOST = 0.3;

/**
 * SRCH2: the share of the query's distinct tokens that appear in the title's tokens, times TITLE_BOOST.
 * A person typing a note's name expects that note first, whatever its body says.
 * @example titleBoost(tokenize('refund policy'), 'Refund policy') // 0.3
 */
export function titleBoost(queryTokens: readonly string[], title: string): number {
  const wanted = new Set(queryTokens);
  if (wanted.size === 0) return 0;
  const present = new Set(tokenize(title));
  let found = 0;
  for (const token of wanted) if (present.has(token)) found += 1;
  return (TITLE_BOOST * found) / wanted.size;
}

/** A candidate's place in the packed matrix and what its title contributes. */
export interface RankCandidate {
  readonly row: number;
  readonly title: string;
}

/**
 * SRCH1: scores candidates by cosine (vectors are unit length, EMB5) plus the title boost and returns
 * the best `limit`, best first; ties go to the lower row so results are stable. Only rows passed in as
 * candidates are read: filtering (vault, live, permissions, folder) happens before scoring.
 */
export function rankCandidates(
  query: Float32Array,
  queryTokens: readonly string[],
  matrix: Float32Array,
  candidates: readonly RankCandidate[],
  limit: number,
): Array<{ row: number; score: number }> {
  const dimensions = query.length;
  const scored = candidates.map(({ row, title }) => {
    let cosine = 0;
    const offset = row * dimensions;
    for (let index = 0; index < dimensions; index += 1) cosine += (query[index] ?? 0) * (matrix[offset + index] ?? 0);
    return { row, score: cosine + titleBoost(queryTokens, title) };
  });
  scored.sort((a, b) => b.score - a.score || a.row - b.row);
  return scored.filter((entry) => entry.score > 0).slice(0, limit);
}
