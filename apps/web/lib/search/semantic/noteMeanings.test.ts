import { describe, expect, it, vi } from 'vitest';
import { createNoteMeanings, NOTES_PER_BATCH, sha256TextKey } from './noteMeanings';
import { memoryMeaningStore, standInEncoder } from './testEncoders';

const texts = new Map([
  ['alice_note_00000000001', 'Refund window: 30 days from delivery.'],
  ['alice_note_00000000002', 'The office wifi password changed on Monday.'],
]);

function setUp() {
  const store = memoryMeaningStore();
  return { store, encoder: standInEncoder(), meanings: createNoteMeanings(store, sha256TextKey) };
}

describe('the vectors of this device’s notes', () => {
  it('[SEMW4] are computed once: the same texts asked again embed nothing', async () => {
    const { encoder, meanings } = setUp();
    const first = await meanings.vectorsFor(encoder, texts);
    expect(encoder.embedded).toEqual([...texts.values()]);
    expect(first.get('alice_note_00000000001')?.dimensions).toBe(256);
    expect(await meanings.vectorsFor(encoder, texts)).toEqual(first);
    expect(encoder.embedded).toHaveLength(2);
  });

  it('[SEMW4] a note whose text changed is embedded again, and only that note', async () => {
    const { encoder, meanings } = setUp();
    await meanings.vectorsFor(encoder, texts);
    const edited = new Map(texts).set('alice_note_00000000002', 'The office wifi password is on the fridge.');
    await meanings.vectorsFor(encoder, edited);
    expect(encoder.embedded.slice(2)).toEqual(['The office wifi password is on the fridge.']);
  });

  it('[SEMW4] a reload reuses the stored vectors of unchanged texts, not those of another text or encoder', async () => {
    const { store, encoder, meanings } = setUp();
    const before = await meanings.vectorsFor(encoder, texts);
    const reloaded = createNoteMeanings(store, sha256TextKey);
    const again = standInEncoder();
    expect(await reloaded.vectorsFor(again, texts)).toEqual(before);
    expect(again.embedded).toEqual([]);

    const edited = new Map(texts).set('alice_note_00000000001', 'Refund window: 60 days from delivery.');
    await createNoteMeanings(store, sha256TextKey).vectorsFor(again, edited);
    expect(again.embedded).toEqual(['Refund window: 60 days from delivery.']);
    const otherEncoder = { ...standInEncoder(), name: 'use-lite-512-v2' };
    await createNoteMeanings(store, sha256TextKey).vectorsFor(otherEncoder, edited);
    expect(otherEncoder.embedded).toHaveLength(2);
    expect([...store.records.values()].map((record) => record.encoder)).toEqual(['use-lite-512-v2', 'use-lite-512-v2']);
  });

  it('[SEMW4] keeps the vectors of the notes asked about only (a purged or forgotten note loses them)', async () => {
    const { store, encoder, meanings } = setUp();
    await meanings.vectorsFor(encoder, texts);
    await meanings.vectorsFor(encoder, new Map([...texts].slice(0, 1)));
    expect([...store.records.keys()]).toEqual(['alice_note_00000000001']);
  });

  it('[SEMW3, SEMW4] asks the encoder for at most NOTES_PER_BATCH notes at a time, with their sections', async () => {
    const { encoder, meanings } = setUp();
    const calls: number[] = [];
    const counting = {
      ...encoder,
      embedBatch: (batch: readonly string[]) => {
        calls.push(batch.length);
        return encoder.embedBatch(batch);
      },
    };
    const many = new Map(Array.from({ length: NOTES_PER_BATCH + 2 }, (_, index) => [`note${index}`, `Note ${index}`]));
    const long = `${'First paragraph, long enough to be a section of its own. '.repeat(4)}\n${'Second one. '.repeat(20)}`;
    many.set('long', long);
    await meanings.vectorsFor(counting, many);
    // Sections come from core's noteVectorsOf: the long note is its whole text and two sections.
    expect(calls).toEqual([NOTES_PER_BATCH, 2 + 3]);
  });

  it('[SEMW4] a note with nothing to read has no vectors, and is not embedded', async () => {
    const { encoder, meanings } = setUp();
    const vectors = await meanings.vectorsFor(encoder, new Map([['blank', '  \n ']]));
    expect(vectors.get('blank')).toBeNull();
    expect(encoder.embedded).toEqual([]);
  });

  it('[SEMW4] a database that can’t be read or written costs embedding, not search', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = {
      readAll: async () => Promise.reject(new Error('QuotaExceededError')),
      write: async () => Promise.reject(new Error('QuotaExceededError')),
      remove: async () => undefined,
    };
    const encoder = standInEncoder();
    const vectors = await createNoteMeanings(broken, sha256TextKey).vectorsFor(encoder, texts);
    expect([...vectors.values()].every((noteVectors) => noteVectors !== null)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
