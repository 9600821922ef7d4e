import {
  dotQuantizedRowMajor,
  type Embedder,
  entryKindOf,
  fnv1a32,
  indexedTextOf,
  LexicalIndex,
  lexicalTermsOf,
  quantizeRow,
  rankNotes,
  semanticSimilarity,
  sparseQueryOf,
  titleFromPath,
  type VaultNote,
} from '@baalda/core';
import type { SearchHit } from './searchTypes';
import type { DeviceSemantic } from './semantic/deviceMeanings';

/** What search needs of a note's text: the text (for its terms, LEX2) and its vector. */
export interface EmbeddedText {
  readonly text: string;
  readonly vector: Float32Array;
}

/** Each note's embedded text, keyed by its id. */
export type DeviceCorpus = ReadonlyMap<string, EmbeddedText>;

/** Texts embedded before, so searching the same notes again embeds nothing. */
export interface VectorCache {
  embeddedTextFor(docId: string, text: string): EmbeddedText;
}

/**
 * Keeps one vector per note with the text it was made from; a note whose text changed is embedded again.
 * The text itself is the key (not a hash of it): comparing it costs what hashing would, and can't collide.
 */
export function createVectorCache(embedder: Embedder): VectorCache {
  const entries = new Map<string, { text: string; embedded: EmbeddedText }>();
  return {
    embeddedTextFor(docId, text) {
      const cached = entries.get(docId);
      if (cached?.text === text) return cached.embedded;
      const embedded = { text, vector: embedder.embed(text) };
      entries.set(docId, { text, embedded });
      return embedded;
    },
  };
}

// IndexedDB opens are cheap but not free; a few at a time keeps a large vault from queueing hundreds at once.
const READ_PARALLELISM = 6;

/** Reads and embeds the text of every note this browser has; notes it never opened have no vector. */
export async function loadDeviceCorpus(
  notes: readonly VaultNote[],
  readText: (docId: string) => Promise<string | null>,
  cache: VectorCache,
): Promise<DeviceCorpus> {
  const corpus = new Map<string, EmbeddedText>();
  let next = 0;
  const worker = async () => {
    while (next < notes.length) {
      const note = notes[next];
      next += 1;
      const text = note ? await readTextOrSkip(note.docId, readText) : null;
      if (note && text !== null) corpus.set(note.docId, cache.embeddedTextFor(note.docId, indexedTextOf(text)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_PARALLELISM, notes.length) }, worker));
  return corpus;
}

// One unreadable note (a database another tab is deleting, say) must not make every other note unsearchable.
async function readTextOrSkip(docId: string, readText: (docId: string) => Promise<string | null>) {
  try {
    return await readText(docId);
  } catch (error) {
    console.warn(`Search on this device skipped note ${docId}: its stored text could not be read`, error);
    return null;
  }
}

/**
 * The browser's search copy for one corpus: rows, their vectors and their terms (LEX2). Vectors are
 * stored as the relay stores them (SRCH4: int8, one scale per row), so cosines come out the same.
 */
interface DeviceIndex {
  readonly lexical: LexicalIndex;
  readonly rowOf: Map<string, number>;
  readonly titleOf: Map<number, string>;
  vectors: Int8Array;
  scales: Float32Array;
}

// One copy per loaded corpus: built on the first search, then only renames and new notes change it.
const deviceIndexes = new WeakMap<DeviceCorpus, DeviceIndex>();

function deviceIndexFor(corpus: DeviceCorpus, embedder: Embedder, liveNotes: readonly VaultNote[]): DeviceIndex {
  let index = deviceIndexes.get(corpus);
  if (!index) {
    index = {
      lexical: new LexicalIndex(),
      rowOf: new Map(),
      titleOf: new Map(),
      vectors: new Int8Array(0),
      scales: new Float32Array(0),
    };
    deviceIndexes.set(corpus, index);
  }
  for (const note of liveNotes) placeNote(index, corpus, embedder, note);
  return index;
}

function placeNote(index: DeviceIndex, corpus: DeviceCorpus, embedder: Embedder, note: VaultNote): void {
  const title = titleFromPath(note.path);
  const known = index.rowOf.get(note.docId);
  if (known !== undefined) {
    if (index.titleOf.get(known) !== title) index.lexical.setTitle(known, title);
    index.titleOf.set(known, title);
    return;
  }
  const row = index.rowOf.size;
  index.rowOf.set(note.docId, row);
  index.titleOf.set(row, title);
  const embedded = corpus.get(note.docId);
  index.lexical.setRow(row, title, embedded?.text ?? '');
  ensureRows(index, row + 1, embedder.dimensions);
  if (!embedded) return;
  const { values, scale } = quantizeRow(embedded.vector);
  index.vectors.set(values, row * embedder.dimensions);
  index.scales[row] = scale;
}

function ensureRows(index: DeviceIndex, rows: number, dimensions: number): void {
  if (index.scales.length >= rows) return;
  const capacity = Math.max(rows, 2 * index.scales.length);
  const vectors = new Int8Array(capacity * dimensions);
  vectors.set(index.vectors);
  const scales = new Float32Array(capacity);
  scales.set(index.scales);
  index.vectors = vectors;
  index.scales = scales;
}

/**
 * Ranks live notes the way the relay does (core's `rankNotes`: BM25 over title and text plus the
 * weighted cosine, best first, only notes holding a query word; with `meaning`, HYB1's fusion with the
 * notes' semantic vectors, as the relay's search service calls it). Only notes passed in are candidates, so
 * a trashed note never appears; titles and paths are the tree's as it is now. A note whose text this
 * browser never had is found by its title, as the relay finds a note with no text yet.
 */
export function rankOnDevice(
  query: string,
  embedder: Embedder,
  liveNotes: readonly VaultNote[],
  corpus: DeviceCorpus,
  limit: number,
  meaning?: DeviceSemantic,
): SearchHit[] {
  const index = deviceIndexFor(corpus, embedder, liveNotes);
  const rows = Int32Array.from(liveNotes, (note) => index.rowOf.get(note.docId) ?? 0).sort();
  const noteAt = new Map(liveNotes.map((note) => [index.rowOf.get(note.docId), note]));
  const sparse = sparseQueryOf(embedder.embed(query));
  const ranked = rankNotes({
    queryTerms: lexicalTermsOf(query),
    lexical: index.lexical,
    candidates: { rows, count: rows.length },
    capacity: index.rowOf.size,
    cosineAt: (row) => dotQuantizedRowMajor(sparse, index.vectors, row * embedder.dimensions, index.scales[row] ?? 0),
    limit,
    semantic: meaning && {
      similarityAt: (row) => {
        const docId = noteAt.get(row)?.docId;
        const vectors = docId === undefined ? undefined : meaning.vectorsOf(docId);
        return vectors ? semanticSimilarity(meaning.query, vectors) : undefined;
      },
      // HYB3: the relay's sample keys, so a large vault's spread comes from the same notes here as there.
      sampleKeys: sampleKeysOf(noteAt, index.rowOf.size),
    },
  });
  return ranked.flatMap(({ row, score }) => {
    const note = noteAt.get(row);
    if (!note) return [];
    return [
      { docId: note.docId, kind: entryKindOf(note.path), title: titleFromPath(note.path), path: note.path, score },
    ];
  });
}

// HYB3: each row's note's sample key, as the relay keeps them (`fnv1a32` of the id).
function sampleKeysOf(noteAt: ReadonlyMap<number | undefined, VaultNote>, rows: number): Uint32Array {
  const keys = new Uint32Array(rows);
  for (const [row, note] of noteAt) if (row !== undefined) keys[row] = fnv1a32(note.docId);
  return keys;
}
