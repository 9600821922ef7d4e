import type { CandidateRows, LexicalIndex, LexicalScores } from './lexicalIndex';
import { nthLargest } from './nthLargest';
import { hasMeaningfulTerm, rankHybrid, type SemanticSide } from './rankHybrid';
import { type RankedRow, TopList } from './topList';

/**
 * LEX4: how much the embedder's cosine adds to a note's BM25 score. Measured on bench/retrieval:
 * with the 256-dim hashed embedder any weight above this lowered MRR@10 (its collisions are noise
 * next to exact terms); a semantic embedder swapped in later would earn a larger one.
 */
export const VECTOR_WEIGHT = 0.5;

/** A search to rank: the query's terms, the index, who may be scored, and the cosine of a row. */
export interface RankRequest {
  /** `lexicalTermsOf(query)`. */
  readonly queryTerms: readonly string[];
  readonly lexical: LexicalIndex;
  /** SRCH1: the rows the caller may see, chosen before anything is scored. */
  readonly candidates: CandidateRows;
  /** One past the highest row number in use. */
  readonly capacity: number;
  /** The cosine of the query's vector and the row's (EMB5); 0 for a row without a vector. */
  readonly cosineAt: (row: number) => number;
  readonly limit: number;
  /** Defaults to VECTOR_WEIGHT; the retrieval bench tries others. */
  readonly vectorWeight?: number;
  /** HYB1: with a semantic embedder, ranking fuses meaning with words (`cosineAt` is then unused). */
  readonly semantic?: SemanticSide;
}

/**
 * SRCH1/LEX3/LEX4: BM25 over the candidates that hold at least one query term (in title or text), plus
 * the weighted cosine when positive; the best `limit`, best first, ties to the lower row. A note that
 * holds none of the query's words is never returned, whatever its vector says: 256 hashed dimensions
 * collide, and a collision is not a match.
 */
export function rankNotes(request: RankRequest): RankedRow[] {
  const lexical = request.lexical.score(request.queryTerms, request.candidates, request.capacity);
  if (request.semantic)
    return rankHybrid(
      lexical,
      request.candidates,
      request.capacity,
      request.semantic,
      request.limit,
      hasMeaningfulTerm(request.queryTerms),
    );
  const weight = request.vectorWeight ?? VECTOR_WEIGHT;
  const top = new TopList(request.limit);
  const floor = wordScoreFloor(lexical, request.limit, weight);
  for (let index = 0; index < lexical.count; index += 1) {
    const words = lexical.scores[index] as number;
    if (words < floor) continue;
    const row = lexical.rows[index] as number;
    const cosine = weight > 0 ? request.cosineAt(row) : 0;
    top.offer(row, words + weight * Math.max(cosine, 0));
  }
  return top.toArray();
}

/**
 * The BM25 score below which a match can't reach the first `limit`, however close its vector: the cosine
 * adds at most `weight`, and the `limit` best BM25 scores already guarantee `limit` final scores at least
 * as high as the `limit`-th of them. Skipping those rows spares a vector product each (most of a query's
 * matches when its words are common) and changes no result.
 */
function wordScoreFloor(lexical: LexicalScores, limit: number, weight: number): number {
  if (lexical.count <= limit) return Number.NEGATIVE_INFINITY;
  return nthLargest(lexical.scores, lexical.count, limit) - Math.max(weight, 0);
}
