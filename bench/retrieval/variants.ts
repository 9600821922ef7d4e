import { decodeQuantized, hashedEmbedder, SEMANTIC_WEIGHT, VECTOR_WEIGHT } from '@baalda/core';
import type { Database } from 'baalda-relay/testing';
import type { Corpus, QueryKind } from './corpusTypes';
import { type FullTextMode, prepareFullText, rankByFullText } from './fullText';
import { fuseByReciprocalRank, metricsByKind, type RankMetrics, rankMetrics } from './metrics';
import {
  bm25Scorer,
  cosineScorer,
  hybridScorer,
  type IndexRow,
  idfQueryEmbedder,
  meaningScorer,
  type Scorer,
  shippedScorer,
  widerHashedEmbedder,
} from './scorers';

/** One way of ranking, measured on the rows the relay wrote. */
export interface VariantResult {
  readonly name: string;
  /** True for the ranking the relay ships (cosine + title boost), which the relay run must equal. */
  readonly shipped: boolean;
  readonly metrics: RankMetrics;
  readonly byKind: Record<QueryKind, RankMetrics>;
  /** Mean time to rank one query over all live rows (fused variants: the sum of their parts). */
  readonly msPerQuery: number;
  /** Top 50 per query id. */
  readonly rankings: ReadonlyMap<string, readonly string[]>;
}

const DEPTH = 50;

/**
 * Reads `note_index` rows with this embedder's vectors, and the semantic vectors of `encoderName` when they
 * are of the row's current text; live rows only unless `includeDead`.
 */
export async function readIndexRows(
  database: Database,
  options: { includeDead?: boolean; encoderName?: string; encoderDimensions?: number } = {},
): Promise<IndexRow[]> {
  const rows = await database.prisma.noteIndex.findMany({
    where: options.includeDead ? {} : { live: true },
    orderBy: { docId: 'asc' },
  });
  return rows.map((row) => {
    const bytes = Buffer.from(row.vector);
    const vector = new Float32Array(hashedEmbedder.dimensions);
    if (row.embedder === hashedEmbedder.name && bytes.byteLength === vector.length * 4)
      for (let position = 0; position < vector.length; position += 1)
        vector[position] = bytes.readFloatLE(position * 4);
    const current = row.semantic && row.semanticEmbedder === options.encoderName && row.semanticVersion === row.version;
    const semantic = current ? decodeQuantized(row.semantic as Uint8Array, options.encoderDimensions ?? 0) : null;
    return { docId: row.docId, title: row.title, content: row.content, live: row.live, vector, semantic };
  });
}

interface Ranked {
  readonly rankings: Map<string, string[]>;
  readonly msPerQuery: number;
}

function rankAll(corpus: Corpus, scorer: Scorer): Ranked {
  const rankings = new Map<string, string[]>();
  const started = performance.now();
  for (const query of corpus.queries) rankings.set(query.id, scorer(query.query, DEPTH));
  return { rankings, msPerQuery: (performance.now() - started) / Math.max(1, corpus.queries.length) };
}

function fuse(corpus: Corpus, parts: readonly Ranked[]): Ranked {
  const rankings = new Map<string, string[]>();
  for (const query of corpus.queries)
    rankings.set(
      query.id,
      fuseByReciprocalRank(
        parts.map((part) => part.rankings.get(query.id) ?? []),
        60,
        DEPTH,
      ),
    );
  return { rankings, msPerQuery: parts.reduce((sum, part) => sum + part.msPerQuery, 0) };
}

const FULL_TEXT: ReadonlyArray<{ label: string; mode: FullTextMode }> = [
  { label: "FTS 'simple', all words (plainto_tsquery)", mode: { config: 'simple', words: 'and' } },
  { label: "FTS 'english', all words (plainto_tsquery)", mode: { config: 'english', words: 'and' } },
  { label: "FTS 'simple', any word (OR)", mode: { config: 'simple', words: 'or' } },
  { label: "FTS 'english', any word (OR)", mode: { config: 'english', words: 'or' } },
];

type AddVariant = (name: string, result: Ranked, shipped?: boolean) => Ranked;

/** The sentence encoder the relay ran, with every query's vector computed once. */
export interface QueryMeanings {
  readonly encoderName: string;
  readonly dimensions: number;
  readonly of: (query: string) => Float32Array;
}

/** Every ranking variant over the live rows of `database`, after the relay run wrote them. */
export async function measureVariants(
  database: Database,
  corpus: Corpus,
  meanings: QueryMeanings,
): Promise<VariantResult[]> {
  const rows = await readIndexRows(database, {
    encoderName: meanings.encoderName,
    encoderDimensions: meanings.dimensions,
  });
  const ranked: Array<{ name: string; shipped: boolean; result: Ranked }> = [];
  const add: AddVariant = (name, result, shipped = false) => {
    ranked.push({ name, shipped, result });
    return result;
  };
  add('(a) cosine of hashed vectors', rankAll(corpus, cosineScorer(rows, { withTitleBoost: false })));
  const boosted = add(
    '(b) cosine + title boost, words required (shipped before LEX)',
    rankAll(corpus, cosineScorer(rows, { withTitleBoost: true, requireQueryToken: true })),
  );
  add(
    `(l) BM25 / best possible + ${SEMANTIC_WEIGHT} × z(meaning): HYB1–HYB5 (shipped)`,
    rankAll(corpus, hybridScorer(rows, meanings.of)),
    true,
  );
  for (const weight of [0.1, 0.3, 0.5])
    add(`(l) hybrid, ${weight} × z(meaning)`, rankAll(corpus, hybridScorer(rows, meanings.of, weight)));
  add(
    `(m) meaning alone: ${meanings.encoderName}, whole note and sections`,
    rankAll(corpus, meaningScorer(rows, meanings.of)),
  );
  add(`(k) BM25F + ${VECTOR_WEIGHT} × cosine: LEX2–LEX4 (shipped before HYB)`, rankAll(corpus, shippedScorer(rows)));
  for (const weight of [0, 0.25, 1, 2, 4])
    add(`(k) BM25F + ${weight} × cosine`, rankAll(corpus, shippedScorer(rows, weight)));
  await prepareFullText(database.sql);
  for (const { label, mode } of FULL_TEXT) {
    const fullText = add(`    ${label} alone`, await rankByFullText(database.sql, corpus.queries, mode));
    add(`(c) RRF(b, ${label})`, fuse(corpus, [boosted, fullText]));
  }
  addInMemoryVariants(corpus, rows, boosted, add);
  return ranked.map(({ name, shipped, result }) => ({
    name,
    shipped,
    metrics: rankMetrics(corpus.queries, truncate(result.rankings)),
    byKind: metricsByKind(corpus.queries, truncate(result.rankings)),
    msPerQuery: result.msPerQuery,
    rankings: result.rankings,
  }));
}

// Variants that need no database: BM25 and its fusions, and two changes to the hashed vectors.
function addInMemoryVariants(corpus: Corpus, rows: readonly IndexRow[], boosted: Ranked, add: AddVariant): void {
  const bm25 = add('    BM25 over title + text alone', rankAll(corpus, bm25Scorer(rows)));
  add('(d) RRF(b, BM25)', fuse(corpus, [boosted, bm25]));
  const idfQuery = idfQueryEmbedder(rows);
  const idf = add(
    '(e) idf-weighted query vector + title boost',
    rankAll(corpus, cosineScorer(rows, { withTitleBoost: true, requireQueryToken: true, embedQuery: idfQuery })),
  );
  add('(f) RRF(e, BM25)', fuse(corpus, [idf, bm25]));
  const wide = widerHashedEmbedder(4096);
  const wideRows = rows.map((row) => ({ ...row, vector: wide(row.content) }));
  add(
    '(g) hashed vectors at 4,096 dims + title boost',
    rankAll(corpus, cosineScorer(wideRows, { withTitleBoost: true, requireQueryToken: true, embedQuery: wide })),
  );
  add('(h) BM25, title counted 3×', rankAll(corpus, bm25Scorer(rows, { titleWeight: 3 })));
  add('(i) BM25, title 3×, light stemming', rankAll(corpus, bm25Scorer(rows, { titleWeight: 3, stem: true })));
  add('(j) BM25, light stemming', rankAll(corpus, bm25Scorer(rows, { stem: true })));
}

const truncate = (rankings: ReadonlyMap<string, readonly string[]>) =>
  new Map([...rankings].map(([id, docIds]) => [id, docIds.slice(0, 10)]));
