import {
  dotQuantizedRowMajor,
  fnv1a32,
  hashedEmbedder,
  LexicalIndex,
  lexicalTermsOf,
  type QuantizedVectors,
  quantizeRow,
  rankNotes,
  semanticSimilarity,
  sparseQueryOf,
  stemLightly,
  tokenize,
} from '@baalda/core';

// The title boost search shipped before LEX2 (0.3 × share of query tokens in the title), kept to compare.
function titleBoost(queryTokens: readonly string[], title: ReadonlySet<string>): number {
  const wanted = new Set(queryTokens);
  if (wanted.size === 0) return 0;
  let found = 0;
  for (const token of wanted) if (title.has(token)) found += 1;
  return (0.3 * found) / wanted.size;
}

/** Core's ranking (LEX2–LEX4), the one the relay and the browser run, with a chosen vector weight. */
export function shippedScorer(rows: readonly IndexRow[], vectorWeight?: number): Scorer {
  const lexical = new LexicalIndex();
  // SRCH4: the copies hold the hashed vectors as int8 with a scale per row; so does this one.
  const matrix = new Int8Array(rows.length * hashedEmbedder.dimensions);
  const scales = new Float32Array(rows.length);
  for (const [row, note] of rows.entries()) {
    lexical.setRow(row, note.title, note.content);
    const { values, scale } = quantizeRow(note.vector);
    matrix.set(values, row * hashedEmbedder.dimensions);
    scales[row] = scale;
  }
  const all = { rows: Int32Array.from(rows.keys()), count: rows.length };
  return (query, limit) => {
    const sparse = sparseQueryOf(hashedEmbedder.embed(query));
    const ranked = rankNotes({
      queryTerms: lexicalTermsOf(query),
      lexical,
      candidates: all,
      capacity: rows.length,
      cosineAt: (row) => dotQuantizedRowMajor(sparse, matrix, row * hashedEmbedder.dimensions, scales[row] as number),
      limit,
      vectorWeight,
    });
    return ranked.map((entry) => rows[entry.row]?.docId ?? '');
  };
}

/** One live `note_index` row as the variants read it back from the database. */
export interface IndexRow {
  readonly docId: string;
  readonly title: string;
  readonly content: string;
  readonly live: boolean;
  /** The stored vector (IDX1: little-endian float32), unit length. */
  readonly vector: Float32Array;
  /** SEMV1: the row's semantic vectors when they are of its current text, else null. */
  readonly semantic: QuantizedVectors | null;
}

/** Core's hybrid ranking (HYB1–HYB5), as the relay runs it with a sentence encoder, at a chosen weight. */
export function hybridScorer(
  rows: readonly IndexRow[],
  meaningOf: (query: string) => Float32Array,
  weight?: number,
): Scorer {
  const lexical = new LexicalIndex();
  for (const [row, note] of rows.entries()) lexical.setRow(row, note.title, note.content);
  const all = { rows: Int32Array.from(rows.keys()), count: rows.length };
  return (query, limit) => {
    const meaning = meaningOf(query);
    const ranked = rankNotes({
      queryTerms: lexicalTermsOf(query),
      lexical,
      candidates: all,
      capacity: rows.length,
      cosineAt: () => 0,
      limit,
      semantic: {
        weight,
        similarityAt: (row) => {
          const vectors = rows[row]?.semantic;
          return vectors ? semanticSimilarity(meaning, vectors) : undefined;
        },
        // The relay's sample keys: this copy numbers rows in its own order (HYB3).
        sampleKeys: rows.map((row) => fnv1a32(row.docId)),
      },
    });
    return ranked.map((entry) => rows[entry.row]?.docId ?? '');
  };
}

/** Meaning alone: the rows by semantic similarity to the query (HYB's semantic side without words). */
export function meaningScorer(rows: readonly IndexRow[], meaningOf: (query: string) => Float32Array): Scorer {
  return (query, limit) => {
    const meaning = meaningOf(query);
    return rows
      .map((row, index) => ({ index, score: row.semantic ? semanticSimilarity(meaning, row.semantic) : -1 }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit)
      .map((entry) => rows[entry.index]?.docId ?? '');
  };
}

/** Ranks the rows for a query: doc ids, best first, at most `limit`. */
export type Scorer = (query: string, limit: number) => string[];

type Scored = { index: number; score: number };

// Best first; ties go to the earlier row, as SRCH1 breaks them (rows are in creation order here).
function topDocIds(rows: readonly IndexRow[], scored: Scored[], limit: number): string[] {
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => rows[entry.index]?.docId ?? '');
}

// The query's nonzero dimensions in ascending order, one running sum: SRCH1's summation order, so the
// shipped variant gets the relay's floats and breaks ties the same way.
function dot(query: Float32Array, vector: Float32Array): number {
  let sum = 0;
  for (let dim = 0; dim < query.length; dim += 1) {
    const weight = query[dim] as number;
    if (weight !== 0) sum += weight * (vector[dim] as number);
  }
  return sum;
}

/** How a cosine variant scores. */
export interface CosineOptions {
  readonly withTitleBoost: boolean;
  /** LEX3: only rows whose text or title holds one of the query's tokens. */
  readonly requireQueryToken?: boolean;
  /** Defaults to the shipped embedder; the idf and wider variants pass their own. */
  readonly embedQuery?: (query: string) => Float32Array;
}

/** Cosine of the hashed vectors, plus the old title boost and LEX3's membership rule when asked. */
export function cosineScorer(rows: readonly IndexRow[], options: CosineOptions): Scorer {
  const titles = rows.map((row) => new Set(tokenize(row.title)));
  const texts = options.requireQueryToken ? rows.map((row) => new Set(tokenize(row.content))) : [];
  const embed = options.embedQuery ?? ((query: string) => hashedEmbedder.embed(query));
  return (query, limit) => {
    const vector = embed(query);
    const tokens = tokenize(query);
    const holds = (index: number) => tokens.some((token) => titles[index]?.has(token) || texts[index]?.has(token));
    const scored = rows.flatMap((row, index) => {
      if (options.requireQueryToken && !holds(index)) return [];
      const boost = options.withTitleBoost ? titleBoost(tokens, titles[index] ?? new Set()) : 0;
      return [{ index, score: dot(vector, row.vector) + boost }];
    });
    return topDocIds(rows, scored, limit);
  };
}

/** How many rows hold each token (in title or text): the statistics idf needs. */
function documentFrequencies(documents: ReadonlyArray<readonly string[]>): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const tokens of documents)
    for (const token of new Set(tokens)) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
  return frequencies;
}

/**
 * A query vector in the notes' hashed space, each distinct token weighted by its idf. Note vectors stay
 * as stored (EMB4: a note's vector depends on its own text); only the query side uses corpus statistics,
 * so common words ("who", "the", "is") stop outvoting the rare words that name the answer.
 */
export function idfQueryEmbedder(rows: readonly IndexRow[]): (query: string) => Float32Array {
  const frequencies = documentFrequencies(rows.map((row) => tokenize(`${row.title} ${row.content}`)));
  return (query) => {
    const sums = new Float64Array(hashedEmbedder.dimensions);
    for (const token of new Set(tokenize(query))) {
      const hash = fnv1a32(token);
      const idf = Math.log((rows.length + 1) / ((frequencies.get(token) ?? 0) + 0.5));
      const slot = hash & (hashedEmbedder.dimensions - 1);
      sums[slot] = (sums[slot] ?? 0) + ((hash >>> 8) & 1 ? -1 : 1) * idf;
    }
    const length = Math.hypot(...sums) || 1;
    return Float32Array.from(sums, (value) => value / length);
  };
}

/** How BM25 reads a row: title tokens counted `titleWeight` times (a BM25F shortcut), optional light stemming. */
export interface Bm25Options {
  readonly titleWeight?: number;
  readonly stem?: boolean;
}

function bm25Tokens(text: string, stem: boolean): string[] {
  const tokens = tokenize(text);
  return stem ? tokens.map(stemLightly) : tokens;
}

/** Okapi BM25 (k1 1.2, b 0.75) over core's tokens of title and text, from an in-memory inverted index. */
export function bm25Scorer(rows: readonly IndexRow[], options: Bm25Options = {}, k1 = 1.2, b = 0.75): Scorer {
  const stem = options.stem ?? false;
  const postings = new Map<string, Array<{ index: number; count: number }>>();
  const lengths = rows.map((row, index) => {
    const titleTokens = bm25Tokens(row.title, stem);
    const tokens = [
      ...Array.from({ length: options.titleWeight ?? 1 }, () => titleTokens).flat(),
      ...bm25Tokens(row.content, stem),
    ];
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [token, count] of counts) {
      const list = postings.get(token);
      if (list) list.push({ index, count });
      else postings.set(token, [{ index, count }]);
    }
    return tokens.length;
  });
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, rows.length);
  return (query, limit) => {
    const scores = new Float64Array(rows.length);
    for (const token of new Set(bm25Tokens(query, stem))) {
      const list = postings.get(token) ?? [];
      const idf = Math.log(1 + (rows.length - list.length + 0.5) / (list.length + 0.5));
      for (const { index, count } of list) {
        const norm = k1 * (1 - b + (b * (lengths[index] ?? 0)) / averageLength);
        scores[index] = (scores[index] ?? 0) + (idf * count * (k1 + 1)) / (count + norm);
      }
    }
    return topDocIds(
      rows,
      Array.from(scores, (score, index) => ({ index, score })),
      limit,
    );
  };
}

/**
 * The shipped embedder's recipe (core tokens, √tf, FNV-1a, L2) at `dimensions` slots instead of 256, to
 * see how much of the gap is hash collisions. The sign comes from the top bit, clear of the slot bits.
 */
export function widerHashedEmbedder(dimensions: number): (text: string) => Float32Array {
  return (text) => {
    const counts = new Map<string, number>();
    for (const token of tokenize(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
    const sums = new Float64Array(dimensions);
    for (const token of [...counts.keys()].sort()) {
      const hash = fnv1a32(token);
      const slot = hash & (dimensions - 1);
      sums[slot] = (sums[slot] ?? 0) + (hash >>> 31 ? -1 : 1) * Math.sqrt(counts.get(token) ?? 0);
    }
    const length = Math.hypot(...sums) || 1;
    return Float32Array.from(sums, (value) => value / length);
  };
}
