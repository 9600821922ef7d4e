import { type Embedder, rankCandidates, titleFromPath, tokenize, type VaultNote } from '@baalda/core';
import type { SearchHit } from './searchTypes';

/** A note's text vector, keyed by its id. */
export type DeviceCorpus = ReadonlyMap<string, Float32Array>;

/** Vectors of texts embedded before, so searching the same notes again embeds nothing. */
export interface VectorCache {
  vectorFor(docId: string, text: string): Float32Array;
}

/**
 * Keeps one vector per note with the text it was made from; a note whose text changed is embedded again.
 * The text itself is the key (not a hash of it): comparing it costs what hashing would, and can't collide.
 */
export function createVectorCache(embedder: Embedder): VectorCache {
  const entries = new Map<string, { text: string; vector: Float32Array }>();
  return {
    vectorFor(docId, text) {
      const cached = entries.get(docId);
      if (cached?.text === text) return cached.vector;
      const vector = embedder.embed(text);
      entries.set(docId, { text, vector });
      return vector;
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
  const corpus = new Map<string, Float32Array>();
  let next = 0;
  const worker = async () => {
    while (next < notes.length) {
      const note = notes[next];
      next += 1;
      const text = note ? await readTextOrSkip(note.docId, readText) : null;
      if (note && text !== null) corpus.set(note.docId, cache.vectorFor(note.docId, text));
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
 * Ranks live notes the way the relay does (core's `rankCandidates`: cosine plus the title boost, best
 * first, nothing that scores zero). Only notes passed in can appear, so a trashed note never does; titles
 * and paths are the tree's as it is now, even if a note was renamed after its text was read. A note whose
 * text this browser never had still has its title in the tree: it is scored on the title alone (a zero
 * vector), as the relay scores a note with no text yet, so typing a name the sidebar shows finds it.
 */
export function rankOnDevice(
  query: string,
  embedder: Embedder,
  liveNotes: readonly VaultNote[],
  corpus: DeviceCorpus,
  limit: number,
): SearchHit[] {
  const matrix = new Float32Array(liveNotes.length * embedder.dimensions);
  liveNotes.forEach((note, row) => {
    const vector = corpus.get(note.docId);
    if (vector) matrix.set(vector, row * embedder.dimensions);
  });
  const candidates = liveNotes.map((note, row) => ({ row, title: titleFromPath(note.path) }));
  const ranked = rankCandidates(embedder.embed(query), tokenize(query), matrix, candidates, limit);
  return ranked.flatMap(({ row, score }) => {
    const note = liveNotes[row];
    return note ? [{ docId: note.docId, title: titleFromPath(note.path), path: note.path, score }] : [];
  });
}
