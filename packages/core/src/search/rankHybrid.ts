import { bestWordMatches } from './bestWordMatches';
import type { CandidateRows, LexicalScores } from './lexicalIndex';
import { type RankedRow, TopList } from './topList';

/**
 * HYB3: how much a note's closeness in meaning (as a z-score among the candidates) adds to its lexical
 * score (BM25 over the query's best possible score). Chosen on bench/retrieval (README there): higher
 * weights find more paraphrases and lose exact-word questions.
 */
export const SEMANTIC_WEIGHT = 0.15;
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
/** HYB3: at most this many candidates' similarities set the mean and spread (a sample of larger vaults). */
export const SPREAD_SAMPLE = 512;
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
  /**
   * HYB3: per row, a number fixed per note (`fnv1a32` of its id), so that a vault too large to take the
   * spread from every note samples the same notes whatever their row order: the relay and a browser number
   * rows differently and must still rank alike. Without it the sample is every k-th candidate. An array, not
   * a function: it is read for every candidate of every query (100,000 calls cost more than the sample).
   */
  readonly sampleKeys?: ArrayLike<number>;
  /**
   * HYB3–HYB6: the similarities of the first `count` of `rows` at once, into `out` (NaN where a row has no
   * vector of its current text): the spread's sample, the re-ranked word matches, or, when the words found
   * little, every candidate (HYB4). Asked row by row, the calls between them cost 5–13% of a search.
   * Without it, `similarityAt` is asked.
   */
  readonly similaritiesOf?: (rows: Int32Array, count: number, out: Float64Array) => void;
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
 * HYB1–HYB5: fuses BM25 with semantic similarity over the candidates only (SRCH1: a note the caller can't
 * read shifts neither the lexical statistics nor the similarity's mean and spread). A note is a result when
 * it holds a query word or, when the words found nothing much (HYB5), its similarity is well above the rest
 * (HYB4). Only notes that can be results are compared with the query, beside the sample the spread is
 * taken from: a query whose words were found costs one comparison per matching note, not per note.
 */
export function rankHybrid(
  lexical: LexicalScores,
  candidates: CandidateRows,
  capacity: number,
  semantic: SemanticSide,
  limit: number,
  meaningful = true,
): RankedRow[] {
  let best = 0;
  for (let position = 0; position < lexical.count; position += 1)
    best = Math.max(best, lexical.scores[position] as number);
  const scale = Math.max(lexical.bestPossible, best, Number.MIN_VALUE);
  const wordsFound = best / scale >= WORDS_FOUND_SHARE || !meaningful;
  // Every candidate is compared when the words found nothing much; the spread's sample is read from those.
  const every = wordsFound ? undefined : everySimilarity(candidates, semantic);
  const spread = spreadOf(sampleSimilarities(candidates, semantic, every));
  const weight = semantic.weight ?? SEMANTIC_WEIGHT;
  const minZ = Math.min(
    semantic.meaningAloneMinZ ?? MEANING_ALONE_MIN_Z,
    SMALL_VAULT_Z_SHARE * Math.sqrt(Math.max(spread.count - 1, 0)),
  );
  const minSimilarity = semantic.meaningAloneMinSimilarity ?? MEANING_ALONE_MIN_SIMILARITY;
  const top = new TopList(limit);
  // `similarity` is NaN where the row has no vector of its current text: z = 0, and never a meaning-alone result.
  const offer = (row: number, words: number, similarity: number) => {
    const z = Number.isNaN(similarity) ? 0 : (similarity - spread.mean) / spread.deviation;
    const meaningAlone = !wordsFound && z >= minZ && z > 0 && similarity >= minSimilarity;
    if (words > 0 || meaningAlone) top.offer(row, SCORE_FLOOR + words / scale + weight * z);
  };
  if (every) offerEveryCandidate(lexical, candidates, capacity, every, offer);
  else {
    // Each re-ranked match's score is read where it lies: no per-row copy of 100,000 matches is made.
    const positions = bestWordMatches(lexical, semantic.sampleKeys);
    const rows = Int32Array.from(positions, (position) => lexical.rows[position] as number);
    const similarity = similaritiesOfRows(semantic, rows, rows.length, new Float64Array(rows.length));
    for (const [index, position] of positions.entries())
      offer(rows[index] as number, lexical.scores[position] as number, similarity[index] as number);
  }
  return top.toArray();
}

/** The similarities of the first `count` of `rows` into `out` (NaN without a current vector); answers `out`. */
function similaritiesOfRows(semantic: SemanticSide, rows: Int32Array, count: number, out: Float64Array): Float64Array {
  if (semantic.similaritiesOf) semantic.similaritiesOf(rows, count, out);
  else
    for (let index = 0; index < count; index += 1)
      out[index] = semantic.similarityAt(rows[index] as number) ?? Number.NaN;
  return out;
}

// The similarity of every candidate, in candidate order, kept between searches as `scoreByRow` is.
let similarities = new Float64Array(0);

/** HYB4: every candidate's similarity (NaN without a current vector), in one call where the side allows. */
function everySimilarity(candidates: CandidateRows, semantic: SemanticSide): Float64Array {
  if (similarities.length < candidates.count) similarities = new Float64Array(candidates.count);
  return similaritiesOfRows(semantic, candidates.rows, candidates.count, similarities);
}

// Each row's lexical score, kept between searches and zeroed after each (only the rows it set): a fresh
// array of every row per query was 800 KB to allocate and collect at 100,000 notes. Ranking is synchronous,
// so one search uses it at a time.
let scoreByRow = new Float64Array(0);

/** HYB4: when the words found nothing much, every candidate is offered with its lexical score (0 for most). */
function offerEveryCandidate(
  lexical: LexicalScores,
  candidates: CandidateRows,
  capacity: number,
  similarityOfCandidate: Float64Array,
  offer: (row: number, words: number, similarity: number) => void,
): void {
  if (scoreByRow.length < capacity) scoreByRow = new Float64Array(capacity);
  const byRow = scoreByRow;
  for (let position = 0; position < lexical.count; position += 1)
    byRow[lexical.rows[position] as number] = lexical.scores[position] as number;
  try {
    for (let index = 0; index < candidates.count; index += 1) {
      const row = candidates.rows[index] as number;
      offer(row, byRow[row] as number, similarityOfCandidate[index] as number);
    }
  } finally {
    for (let position = 0; position < lexical.count; position += 1) byRow[lexical.rows[position] as number] = 0;
  }
}

/**
 * HYB3: the similarities the mean and spread are taken from: every candidate's up to SPREAD_SAMPLE of
 * them, else between half that and that many — those whose sample key has its low k bits zero, or without
 * keys every 2^k-th candidate. Bits, not a remainder: keys are 32-bit, and `%` on those above 2^31 is a
 * floating-point remainder, 15 ns a candidate (1.5 ms a query at 100,000 notes). NaN where a candidate has
 * no current vector: it is left out, and gets z = 0. Read from `known` (by candidate) when every candidate's
 * similarity is at hand.
 */
function sampleSimilarities(
  candidates: CandidateRows,
  semantic: SemanticSide,
  known: Float64Array | undefined,
): Float64Array {
  const stride = Math.max(1, Math.ceil(candidates.count / SPREAD_SAMPLE));
  const mask = 2 ** Math.ceil(Math.log2(stride)) - 1;
  const keys = semantic.sampleKeys;
  const sampled: number[] = [];
  for (let index = 0; index < candidates.count; index += 1) {
    const row = candidates.rows[index] as number;
    if (((keys ? (keys[row] ?? 0) : index) & mask) === 0) sampled.push(known ? index : row);
  }
  if (known) return Float64Array.from(sampled, (index) => known[index] as number);
  const rows = Int32Array.from(sampled);
  return similaritiesOfRows(semantic, rows, rows.length, new Float64Array(rows.length));
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
