import { quantizeVectors } from '@baalda/core';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDatabaseOpener, STORES, writeTransaction } from '../../localDatabase';
import { createMeaningStore } from './meaningStore';

const vectors = quantizeVectors([Float32Array.of(0.6, -0.8), Float32Array.of(1, 0)], 2);

describe('the note vectors kept in IndexedDB', () => {
  it('[SEMW4] come back as they were written, typed arrays included, and go when removed', async () => {
    const open = createDatabaseOpener(new IDBFactory(), 'alice:default:local');
    const store = createMeaningStore(open);
    const refund = { docId: 'alice_note_00000000001', encoder: 'use-lite-512-v1', textKey: 'ab12', vectors };
    const blank = { docId: 'alice_note_00000000002', encoder: 'use-lite-512-v1', textKey: 'cd34', vectors: null };
    await store.write([refund, blank]);
    expect(await store.readAll()).toEqual([refund, blank]);
    await store.remove([blank.docId]);
    expect(await store.readAll()).toEqual([refund]);
  });

  it('[SEMW4] skips a record this build can’t read, so its note is embedded again', async () => {
    const open = createDatabaseOpener(new IDBFactory(), 'alice:default:local');
    await writeTransaction(await open(), STORES.meanings, (store) => store.put({ docId: 'old', vectors: [1, 2] }));
    expect(await createMeaningStore(open).readAll()).toEqual([]);
  });
});
