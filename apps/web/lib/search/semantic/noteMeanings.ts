import { noteVectorsOf, type QuantizedVectors, type SentenceEncoder } from '@baalda/core';

/** SEMW4: one note's vectors as this device keeps them, for the text whose key (`textKeyOf`) they were made from. */
export interface StoredMeaning {
  readonly docId: string;
  /** The encoder's name (SEM4): vectors of another encoder are never used. */
  readonly encoder: string;
  readonly textKey: string;
  /** Null for a note with nothing to read (core's `noteVectorsOf`). */
  readonly vectors: QuantizedVectors | null;
}

/** Where a vault's note vectors outlive the page (IndexedDB in the app, a map in tests). */
export interface MeaningStore {
  readAll(): Promise<StoredMeaning[]>;
  write(records: readonly StoredMeaning[]): Promise<void>;
  remove(docIds: readonly string[]): Promise<void>;
}

/** A note's vectors by docId, for the texts asked about. */
export type NoteVectors = ReadonlyMap<string, QuantizedVectors | null>;

/** The vectors of a vault's notes on this device, computed only for texts they were not computed from. */
export interface NoteMeanings {
  /** Every text's vectors, embedding only those whose text changed since (or were never embedded). */
  vectorsFor(encoder: SentenceEncoder, texts: ReadonlyMap<string, string>): Promise<NoteVectors>;
}

/** SEMW4: notes per call to the encoder, so a query waits for one batch at most, as in the relay's backlog. */
export const NOTES_PER_BATCH = 8;

interface Known {
  readonly text: string;
  readonly vectors: QuantizedVectors | null;
}

/**
 * SEMW4: vectors are kept in memory with the text itself (comparing it costs what hashing would) and in
 * `store` with the text's key, so a palette opened again, or the app reloaded, embeds nothing that didn't
 * change. The store keeps only the notes last asked about: a note no longer on this device (purged, or
 * forgotten under ACL8) loses its vectors with the next search.
 */
export function createNoteMeanings(store: MeaningStore, textKeyOf: (text: string) => Promise<string>): NoteMeanings {
  const known = new Map<string, Known>();
  let knownEncoder = '';
  let stored: Promise<Map<string, StoredMeaning>> | null = null;
  let previous: Promise<unknown> = Promise.resolve();

  const update = async (encoder: SentenceEncoder, texts: ReadonlyMap<string, string>): Promise<NoteVectors> => {
    if (knownEncoder !== encoder.name) {
      known.clear();
      knownEncoder = encoder.name;
    }
    stored ??= readStored(store);
    const storedByDoc = await stored;
    const missing: Array<[string, string]> = [];
    for (const [docId, text] of texts) {
      if (known.get(docId)?.text === text) continue;
      const record = storedByDoc.get(docId);
      if (record?.encoder === encoder.name && record.textKey === (await textKeyOf(text)))
        known.set(docId, { text, vectors: record.vectors });
      else missing.push([docId, text]);
    }
    await forgetOthers(store, storedByDoc, texts);
    for (let start = 0; start < missing.length; start += NOTES_PER_BATCH) {
      const records = await embedBatch(encoder, missing.slice(start, start + NOTES_PER_BATCH), textKeyOf);
      await warnIfFails('store the vectors of', records.length, store.write(records));
      for (const [index, record] of records.entries()) {
        storedByDoc.set(record.docId, record);
        known.set(record.docId, { text: missing[start + index]?.[1] ?? '', vectors: record.vectors });
      }
    }
    return new Map([...texts.keys()].map((docId) => [docId, known.get(docId)?.vectors ?? null]));
  };

  return {
    // One update at a time: a second palette opened while the first still embeds finds its vectors known.
    vectorsFor(encoder, texts) {
      const next = previous.then(
        () => update(encoder, texts),
        () => update(encoder, texts),
      );
      previous = next;
      return next;
    },
  };
}

// The stored vectors only save work: a database that can't be read or written costs embedding, not search.
async function readStored(store: MeaningStore): Promise<Map<string, StoredMeaning>> {
  const records = await store.readAll().catch((error: unknown) => {
    console.warn('Search on this device could not read the stored vectors of its notes', error);
    return [];
  });
  return new Map(records.map((record) => [record.docId, record]));
}

async function warnIfFails(what: string, notes: number, writing: Promise<void>): Promise<void> {
  await writing.catch((error: unknown) =>
    console.warn(`Search on this device could not ${what} ${notes} notes`, error),
  );
}

async function embedBatch(
  encoder: SentenceEncoder,
  batch: ReadonlyArray<readonly [string, string]>,
  textKeyOf: (text: string) => Promise<string>,
): Promise<StoredMeaning[]> {
  const vectors = await noteVectorsOf(
    encoder,
    batch.map(([, text]) => text),
  );
  return Promise.all(
    batch.map(async ([docId, text], index) => ({
      docId,
      encoder: encoder.name,
      textKey: await textKeyOf(text),
      vectors: vectors[index] ?? null,
    })),
  );
}

async function forgetOthers(
  store: MeaningStore,
  storedByDoc: Map<string, StoredMeaning>,
  texts: ReadonlyMap<string, string>,
): Promise<void> {
  const gone = [...storedByDoc.keys()].filter((docId) => !texts.has(docId));
  if (gone.length === 0) return;
  await warnIfFails('forget the vectors of', gone.length, store.remove(gone));
  for (const docId of gone) storedByDoc.delete(docId);
}

/** SEMW4: the key a text's stored vectors are checked against: its SHA-256, in hex. */
export async function sha256TextKey(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
