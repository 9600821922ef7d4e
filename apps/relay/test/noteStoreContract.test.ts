import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import type { NoteStore } from '../src/store/noteStore';
import { createPrismaNoteStore, DEFAULT_VAULT_ID } from '../src/store/prismaNoteStore';
import { type TestBackend, testBackends } from './backends';

/** What every NoteStore implementation must do; run once per backend. */
function runNoteStoreContract(backend: TestBackend): void {
  describe(`NoteStore contract on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function makeStore(): Promise<NoteStore> {
      const database = await backend.create();
      cleanups.push(() => database.dispose());
      const opened = await openDatabase(database.target);
      cleanups.push(() => opened.close());
      return createPrismaNoteStore(opened.prisma);
    }

    const t0 = new Date(Date.UTC(2026, 10, 30, 9));
    const t1 = new Date(Date.UTC(2026, 10, 30, 10));

    it('[SYNC1] a stored state is rewritten in place: one note, the latest bytes', async () => {
      const store = await makeStore();
      await store.storeState('alicesFirstNote_0001', new Uint8Array([1, 2, 3]), 'First', t0);
      await store.storeState('alicesFirstNote_0001', new Uint8Array([4, 5]), 'Second', t1);
      expect(await store.loadState('alicesFirstNote_0001')).toEqual(new Uint8Array([4, 5]));
      expect(await store.listNotes(DEFAULT_VAULT_ID)).toEqual([
        { docId: 'alicesFirstNote_0001', title: 'Second', createdAt: t0.getTime(), updatedAt: t1.getTime() },
      ]);
    });

    it('[REG1] registering keeps the client creation time and never overwrites a stored note', async () => {
      const store = await makeStore();
      expect((await store.registerNote('bobsOfflineNote_0001', t0, t1)).created).toBe(true);
      await store.storeState('bobsOfflineNote_0001', new Uint8Array([9]), 'Bob', t1);
      const again = await store.registerNote('bobsOfflineNote_0001', t1, t1);
      expect(again).toEqual({
        created: false,
        note: { docId: 'bobsOfflineNote_0001', title: 'Bob', createdAt: t0.getTime(), updatedAt: t1.getTime() },
      });
      expect(await store.loadState('bobsOfflineNote_0001')).toEqual(new Uint8Array([9]));
    });

    it('[SYNC1] an unknown note has no state, and the list is newest first', async () => {
      const store = await makeStore();
      expect(await store.loadState('carolsMissingNote_01')).toBeNull();
      await store.storeState('carolsOlderNote_0001', new Uint8Array([1]), 'Older', t0);
      await store.storeState('carolsNewerNote_0001', new Uint8Array([1]), 'Newer', t1);
      expect((await store.listNotes(DEFAULT_VAULT_ID)).map((note) => note.title)).toEqual(['Newer', 'Older']);
      expect(await store.listNotes('another-vault')).toEqual([]);
    });
  });
}

for (const backend of testBackends()) runNoteStoreContract(backend);
