import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@baalda/core/api';
import {
  type Database,
  openDatabase,
  type SemanticSettings,
  startTestRelay,
  type TestRelay,
} from 'baalda-relay/testing';
import { type AuthedRelay, answerOf, asOwner } from '../benchAccount';
import { benchSemanticSettings, queryEncoderFor } from './benchEncoder';
import { readCorpus } from './corpusFile';
import type { Corpus, QueryKind } from './corpusTypes';
import { metricsByKind, type RankMetrics, rankMetrics } from './metrics';
import { applyOps, editParagraphs, runEdits, watchStores, writeParagraphs } from './relayLoader';
import { measureVariants, type QueryMeanings, readIndexRows, type VariantResult } from './variants';

/** What `npm run bench:retrieval` prints and `npm run bench` takes its rows from. */
export interface RetrievalReport {
  /** The sentence encoder the relay and the variants ran (its name as stored with each vector). */
  readonly encoderName: string;
  readonly notes: number;
  readonly trashedTwins: number;
  readonly purgedTwins: number;
  readonly queries: number;
  /** The shipped path: `GET /api/vaults/default/search?limit=10` on a relay holding the corpus. */
  readonly relay: RankMetrics;
  readonly relayByKind: Record<QueryKind, RankMetrics>;
  /** The queries of every family but `paraphrase`: the set the earlier numbers were measured on. */
  readonly relayWithoutParaphrase: RankMetrics;
  /** Returned results that are deleted twins or whose index row is not the note's current text. Must be 0. */
  readonly staleHits: number;
  readonly twinHits: number;
  readonly staleContentHits: number;
  /** IDX3/IDX4: twins whose index row is still live, and purged twins that still have a row. Must be 0. */
  readonly twinRowsLeft: { readonly live: number; readonly purged: number };
  /** SEMV1: live notes without semantic vectors of their current text once the backlog drained. Must be 0. */
  readonly staleVectors: number;
  /** Queries whose relay top 10 differs from the shipped variant computed from the same rows. */
  readonly relayDiffersFromShipped: number;
  readonly variants: readonly VariantResult[];
  readonly searchMs: { readonly p50: number; readonly p95: number };
  readonly seconds: { readonly load: number; readonly total: number };
  /** The relay's top 10 per query id. */
  readonly relayRankings: ReadonlyMap<string, readonly string[]>;
  /** Relay answers that missed the top 5, for reading: query, kind, answer rank (0: not in top 10). */
  readonly misses: ReadonlyArray<{ query: string; kind: QueryKind; rank: number; answer: string; top: string[] }>;
}

/**
 * Loads the corpus into a real relay (PGlite, port 0, providers over WebSockets), asks every query
 * through the HTTP API, then reads `note_index` back from the same database for the stale check and the
 * ranking variants. `semantic` is the relay's encoder: USE lite unless BAALDA_EMBEDDER says otherwise.
 */
export async function measureRetrieval(
  corpus: Corpus = readCorpus(),
  semantic: SemanticSettings = benchSemanticSettings(process.env, SEMANTIC_THREADS),
): Promise<RetrievalReport> {
  const started = performance.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-retrieval-'));
  try {
    const relayRun = await runThroughRelay(corpus, dataDir, semantic);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const meanings = await embedQueries(corpus, semantic);
      const stale = await countStaleHits(database, corpus, relayRun.hits, meanings);
      const variants = await measureVariants(database, corpus, meanings);
      const seconds = (performance.now() - started) / 1000;
      return { encoderName: meanings.encoderName, ...summarize(corpus, relayRun, stale, variants, seconds) };
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

// The variants rank the rows the relay wrote with the same encoder, each query embedded once.
async function embedQueries(corpus: Corpus, semantic: SemanticSettings): Promise<QueryMeanings> {
  const encoder = await queryEncoderFor(semantic);
  const texts = corpus.queries.map((query) => query.query);
  const vectors = await encoder.embedBatch(texts);
  const byText = new Map(texts.map((text, index) => [text, vectors[index] as Float32Array]));
  return {
    encoderName: encoder.name,
    dimensions: encoder.dimensions,
    of: (query) => byText.get(query) ?? new Float32Array(encoder.dimensions),
  };
}

// Both cores embed while the relay loads the corpus; a deployment on a busier machine would set fewer.
const SEMANTIC_THREADS = 2;

interface RelayRun {
  readonly hits: ReadonlyMap<string, readonly string[]>;
  readonly loadSeconds: number;
  readonly searchMs: { p50: number; p95: number };
}

function summarize(
  corpus: Corpus,
  relayRun: RelayRun,
  stale: Pick<RetrievalReport, 'staleHits' | 'twinHits' | 'staleContentHits' | 'twinRowsLeft' | 'staleVectors'>,
  variants: readonly VariantResult[],
  totalSeconds: number,
): Omit<RetrievalReport, 'encoderName'> {
  const rankings = relayRun.hits;
  const shipped = variants.find((variant) => variant.shipped);
  const differs = (id: string) => rankings.get(id)?.join() !== shipped?.rankings.get(id)?.slice(0, 10).join();
  return {
    notes: corpus.notes.length,
    trashedTwins: corpus.traps.length,
    purgedTwins: corpus.traps.filter((trap) => trap.twin.purge).length,
    queries: corpus.queries.length,
    relay: rankMetrics(corpus.queries, rankings),
    relayWithoutParaphrase: rankMetrics(
      corpus.queries.filter((query) => query.kind !== 'paraphrase'),
      rankings,
    ),
    relayByKind: metricsByKind(corpus.queries, rankings),
    ...stale,
    relayDiffersFromShipped: corpus.queries.filter((query) => differs(query.id)).length,
    variants,
    searchMs: relayRun.searchMs,
    seconds: { load: relayRun.loadSeconds, total: totalSeconds },
    relayRankings: rankings,
    misses: listMisses(corpus, rankings),
  };
}

async function runThroughRelay(corpus: Corpus, dataDir: string, semantic: SemanticSettings): Promise<RelayRun> {
  const relay = await startTestRelay({ kind: 'pglite', dataDir }, { semantic });
  try {
    const started = performance.now();
    await loadCorpus(corpus, relay);
    // SEMV6: queries are asked once every note's vectors are of its final text.
    await relay.semantic?.settled();
    const loadSeconds = (performance.now() - started) / 1000;
    return { loadSeconds, ...(await askEveryQuery(relay, corpus)) };
  } finally {
    await relay.close();
  }
}

async function askEveryQuery(relay: AuthedRelay, corpus: Corpus): Promise<Omit<RelayRun, 'loadSeconds'>> {
  const hits = new Map<string, string[]>();
  const times: number[] = [];
  for (const query of corpus.queries) {
    const asked = performance.now();
    const found = await asOwner(relay).call(API.search, {
      params: { vaultId: 'default' },
      query: { q: query.query, limit: 10 },
    });
    times.push(performance.now() - asked);
    const body = answerOf(found, `search for "${query.query}"`);
    hits.set(
      query.id,
      body.results.map((result) => result.docId),
    );
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? Number.NaN;
  return { hits, searchMs: { p50: at(0.5), p95: at(0.95) } };
}

// The order a team would produce: outdated text first (stored), then today's text; the twins keep the
// outdated text and go to the trash, some of them purged for good.
async function loadCorpus(corpus: Corpus, relay: TestRelay): Promise<void> {
  const watch = watchStores(relay);
  const createdAt = Date.now() - 24 * 60 * 60 * 1000;
  const twins = corpus.traps.map((trap) => trap.twin);
  await applyOps(relay, [
    ...corpus.notes.map((note) => ({ kind: 'createNote' as const, docId: note.id, path: note.path, createdAt })),
    ...twins.map((twin) => ({ kind: 'createNote' as const, docId: twin.id, path: twin.path, createdAt })),
  ]);
  const outdated = corpus.traps.flatMap((trap) => [
    { docId: trap.noteId, edit: writeParagraphs(trap.oldText) },
    { docId: trap.twin.id, edit: writeParagraphs(trap.oldText) },
  ]);
  await runEdits(relay, outdated);
  await watch.waitFor(
    new Map(corpus.traps.flatMap((trap) => [trap.noteId, trap.twin.id].map((id) => [id, trap.oldText.join('\n')]))),
  );
  const oldTextOf = new Map(corpus.traps.map((trap) => [trap.noteId, trap.oldText]));
  await runEdits(
    relay,
    corpus.notes.map((note) => {
      const old = oldTextOf.get(note.id);
      return { docId: note.id, edit: old ? editParagraphs(old, note.text) : writeParagraphs(note.text) };
    }),
  );
  await applyOps(relay, [
    ...twins.map((twin) => ({ kind: 'trashNote' as const, docId: twin.id })),
    ...twins.filter((twin) => twin.purge).map((twin) => ({ kind: 'purgeNote' as const, docId: twin.id })),
  ]);
  await watch.waitFor(new Map(corpus.notes.map((note) => [note.id, note.text.join('\n')])));
}

// A stale hit is a returned twin (trashed or purged), or a returned note whose index row does not hold
// the note's current text (an older version still being scored).
async function countStaleHits(
  database: Database,
  corpus: Corpus,
  rankings: ReadonlyMap<string, readonly string[]>,
  meanings: QueryMeanings,
): Promise<Pick<RetrievalReport, 'staleHits' | 'twinHits' | 'staleContentHits' | 'twinRowsLeft' | 'staleVectors'>> {
  const twins = corpus.traps.map((trap) => trap.twin);
  const twinIds = new Set(twins.map((twin) => twin.id));
  const current = new Map(corpus.notes.map((note) => [note.id, note.text.join('\n')]));
  const read = await readIndexRows(database, {
    includeDead: true,
    encoderName: meanings.encoderName,
    encoderDimensions: meanings.dimensions,
  });
  const rows = new Map(read.map((row) => [row.docId, row]));
  let twinHits = 0;
  let staleContentHits = 0;
  for (const docIds of rankings.values())
    for (const docId of docIds) {
      if (twinIds.has(docId)) twinHits += 1;
      else if (rows.get(docId)?.content !== current.get(docId)) staleContentHits += 1;
    }
  const twinRowsLeft = {
    live: twins.filter((twin) => rows.get(twin.id)?.live).length,
    purged: twins.filter((twin) => twin.purge && rows.has(twin.id)).length,
  };
  // SEMV1: once the backlog drained, no live note with text is without vectors of its current text.
  const staleVectors = corpus.notes.filter((note) => !rows.get(note.id)?.semantic).length;
  return { staleHits: twinHits + staleContentHits, twinHits, staleContentHits, twinRowsLeft, staleVectors };
}

function listMisses(corpus: Corpus, rankings: ReadonlyMap<string, readonly string[]>): RetrievalReport['misses'] {
  const pathOf = new Map(corpus.notes.map((note) => [note.id, note.path]));
  return corpus.queries.flatMap((query) => {
    const docIds = rankings.get(query.id) ?? [];
    const rank = docIds.indexOf(query.answerDocId) + 1;
    if (rank >= 1 && rank <= 5) return [];
    const top = docIds.slice(0, 3).map((docId) => pathOf.get(docId) ?? docId);
    return [{ query: query.query, kind: query.kind, rank, answer: pathOf.get(query.answerDocId) ?? '', top }];
  });
}
