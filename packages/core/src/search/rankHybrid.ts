import type { CandidateRows, LexicalScores } from './lexicalIndex';
import { type RankedRow, TopList } from './topList';

/**
 * HYB3: how much a note's closeness in meaning (as a z-score among the candidates) adds to its lexical
 * score (BM25 over the query's best possible score). Chosen on bench/retrieval (README there): higher
 * weights find more paraphrases and lose exact-word questions.
 */
export const SEMANTIC_WEIGHT = 0.2;
/**
 * HYB4: how far above the candidates' mean (in standard deviations) a note's meaning must be for it to be
 * a result without holding any query word. Among n notes no z-score exceeds √(n−1), so in a small vault the
 * bar is {@link SMALL_VAULT_Z_SHARE} of that instead (5 notes: 1.4).
 */
export const MEANING_ALONE_MIN_Z = 2;
export const SMALL_VAULT_Z_SHARE = 0.7;
/**
 * HYB4: and its similarity must reach this, so that a question about nothing the vault holds finds nothing
 * (with USE lite, unrelated sentences score 0.05–0.25 and a paraphrase of a note 0.3–0.6).
 */
export const MEANING_ALONE_MIN_SIMILARITY = 0.3;
/**
 * HYB5: when some note holds at least this share of the query's best possible lexical score, the words
 * have found what was asked, and notes that merely resemble it are not added.
 */
export const WORDS_FOUND_SHARE = 0.5;
// Added to every offered score so a kept note's score is positive (TopList keeps only those) whatever its
// z-score; a constant changes no order.
const SCORE_FLOOR = 10;

/** The semantic side of a hybrid search. */
export interface SemanticSide {
  /** The note's semantic similarity to the query, or undefined when it has no vector of its current text. */
  readonly similarityAt: (row: number) => number | undefined;
  readonly weight?: number;
  readonly meaningAloneMinZ?: number;
  readonly meaningAloneMinSimilarity?: number;
}

/**
 * HYB5: whether any query term is a word rather than an identifier (a term with a digit: ids, codes, dates).
 * A query of identifiers only is looked up by its words: the meaning of `INC-2231` would only find notes
 * with other ticket numbers.
 */
export function hasMeaningfulTerm(queryTerms: readonly string[]): boolean {
  return queryTerms.some((term) => !/\d/.test(term));
}

/**
 * HYB1–HYB4: fuses BM25 with semantic similarity over the candidates only (SRCH1: a note the caller can't
 * read shifts neither the lexical statistics nor the similarity's mean and spread). A note is a result when
 * it holds a query word or its similarity is {@link MEANING_ALONE_MIN_Z} deviations above the mean.
 */
export function rankHybrid(
  lexical: LexicalScores,
  candidates: CandidateRows,
  capacity: number,
  semantic: SemanticSide,
  limit: number,
  meaningful = true,
): RankedRow[] {
  const lexicalByRow = new Float64Array(capacity);
  let bestLexical = 0;
  for (let index = 0; index < lexical.count; index += 1) {
    const score = lexical.scores[index] as number;
    lexicalByRow[lexical.rows[index] as number] = score;
    bestLexical = Math.max(bestLexical, score);
  }
  const scale = Math.max(lexical.bestPossible, bestLexical, Number.MIN_VALUE);
  const wordsFound = bestLexical / scale >= WORDS_FOUND_SHARE || !meaningful;
  const similarities = similaritiesOf(candidates, semantic);
  const { mean, deviation, count } = spreadOf(similarities);
  const weight = semantic.weight ?? SEMANTIC_WEIGHT;
  const minZ = Math.min(
    semantic.meaningAloneMinZ ?? MEANING_ALONE_MIN_Z,
    SMALL_VAULT_Z_SHARE * Math.sqrt(Math.max(count - 1, 0)),
  );
  const minSimilarity = semantic.meaningAloneMinSimilarity ?? MEANING_ALONE_MIN_SIMILARITY;
  const top = new TopList(limit);
  for (let index = 0; index < candidates.count; index += 1) {
    const row = candidates.rows[index] as number;
    const similarity = similarities[index] as number;
    const z = Number.isNaN(similarity) ? 0 : (similarity - mean) / deviation;
    const words = lexicalByRow[row] as number;
    const meaningAlone = !wordsFound && z >= minZ && z > 0 && similarity >= minSimilarity;
    if (words > 0 || meaningAlone) top.offer(row, SCORE_FLOOR + words / scale + weight * z);
  }
  return top.toArray();
}

// NaN where a candidate has no current vector: it is left out of the mean and spread and gets z = 0.
function similaritiesOf(candidates: CandidateRows, semantic: SemanticSide): Float64Array {
  const similarities = new Float64Array(candidates.count);
  for (let index = 0; index < candidates.count; index += 1)
    similarities[index] = semantic.similarityAt(candidates.rows[index] as number) ?? Number.NaN;
  return similarities;
}

function spreadOf(values: Float64Array): { mean: number; deviation: number; count: number } {
  let count = 0;
  let sum = 0;
  for (const value of values)
    if (!Number.isNaN(value)) {
      count += 1;
      sum += value;
    }
  const mean = count > 0 ? sum / count : 0;
  let squares = 0;
  for (const value of values) if (!Number.isNaN(value)) squares += (value - mean) ** 2;
  const deviation = count > 1 ? Math.sqrt(squares / count) : 0;
  return { mean, deviation: deviation > 0 ? deviation : Number.POSITIVE_INFINITY, count };
}
