import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openDatabase } from '../src/db/openDatabase';
import type { NoteStore } from '../src/store/noteStore';
import { createPrismaNoteStore } from '../src/store/prismaNoteStore';
import { createVaultService } from '../src/vault/vaultService';
import { type TestBackend, testBackends } from './backends';

/** What every NoteStore implementation must do; run once per backend. */
function runNoteStoreContract(backend: TestBackend): void {
  describe(`NoteStore contract on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function openRaw() {
      const database = await backend.create();
      cleanups.push(() => database.dispose());
      const opened = await openDatabase(database.target);
      cleanups.push(() => opened.close());
      return { opened };
    }

    async function open() {
      const { opened } = await openRaw();
      return { store: createPrismaNoteStore(opened.prisma), vaults: createVaultService(opened.prisma, () => {}) };
    }

    const t0 = new Date(Date.UTC(2026, 10, 30, 9));

    it('[SYNC1] a stored state is rewritten in place: one document, the latest bytes', async () => {
      const { store }: { store: NoteStore } = await open();
      await store.storeState('alicesFirstNote_0001', new Uint8Array([1, 2, 3]), t0);
      await store.storeState('alicesFirstNote_0001', new Uint8Array([4, 5]), t0);
      expect(await store.loadState('alicesFirstNote_0001')).toEqual(new Uint8Array([4, 5]));
      expect(await store.loadState('carolsMissingNote_01')).toBeNull();
    });

    it('[SCALE2] with other relays on the database, a store adds to what is stored and never takes away', async () => {
      const { opened } = await openRaw();
      const store = createPrismaNoteStore(opened.prisma, { mergeOnWrite: true });
      // Two relays' in-memory states that each lack the other's latest edit.
      const alpha = new Y.Doc();
      alpha.getText('t').insert(0, 'alpha ');
      const beta = new Y.Doc();
      Y.applyUpdate(beta, Y.encodeStateAsUpdate(alpha));
      beta.getText('t').insert(6, 'beta');
      alpha.getText('t').insert(0, 'first ');
      await store.storeState('sharedNoteAcross_001', Y.encodeStateAsUpdate(beta), t0);
      await store.storeState('sharedNoteAcross_001', Y.encodeStateAsUpdate(alpha), t0);
      const stored = new Y.Doc();
      Y.applyUpdate(stored, (await store.loadState('sharedNoteAcross_001')) ?? new Uint8Array());
      expect(stored.getText('t').toString()).toBe('first alpha beta');
    });

    it('[DOC2, TR3] a purged note is retired and its document is gone', async () => {
      const { store, vaults } = await open();
      const ops = [
        {
          opId: 'op-create-000000001',
          kind: 'createNote',
          docId: 'bobsDoomedNote_0001',
          path: 'Doomed.md',
          createdAt: t0.getTime(),
        },
        { opId: 'op-trash-0000000001', kind: 'trashNote', docId: 'bobsDoomedNote_0001' },
      ] as const;
      await vaults.applyOps('default', ops, t0);
      await store.storeState('bobsDoomedNote_0001', new Uint8Array([7]), t0);
      expect(await store.isRetired('bobsDoomedNote_0001')).toBe(false);
      await vaults.applyOps('default', [{ opId: 'op-empty-0000000001', kind: 'emptyTrash' }], t0);
      expect(await store.isRetired('bobsDoomedNote_0001')).toBe(true);
      expect(await store.loadState('bobsDoomedNote_0001')).toBeNull();
    });

    it('[DOC2] a store that arrives after the purge (a late debounce, a client still connected) writes nothing', async () => {
      const { store, vaults } = await open();
      const ops = [
        {
          opId: 'op-create-000000002',
          kind: 'createNote',
          docId: 'bobsLateNote_000001',
          path: 'Late.md',
          createdAt: t0.getTime(),
        },
        { opId: 'op-trash-0000000002', kind: 'trashNote', docId: 'bobsLateNote_000001' },
        { opId: 'op-empty-0000000002', kind: 'emptyTrash' },
      ] as const;
      await vaults.applyOps('default', ops, t0);
      expect(await store.storeState('bobsLateNote_000001', new Uint8Array([7]), t0)).toBe(false);
      expect(await store.loadState('bobsLateNote_000001')).toBeNull();
    });

    it('[TR4] notes trashed before the retention cutoff are purged; newer trash and live notes stay', async () => {
      const { store, vaults } = await open();
      const day = 24 * 60 * 60 * 1000;
      const old = new Date(t0.getTime() - 40 * day);
      const recent = new Date(t0.getTime() - 5 * day);
      const create = (docId: string, path: string) => ({
        opId: `op-${docId}`,
        kind: 'createNote' as const,
        docId,
        path,
        createdAt: old.getTime(),
      });
      await vaults.applyOps(
        'default',
        [
          create('oldTrashNote_000001', 'Old.md'),
          create('newTrashNote_000001', 'New.md'),
          create('liveNote_00000000001', 'Live.md'),
        ],
        old,
      );
      await vaults.applyOps(
        'default',
        [{ opId: 'op-trash-old-000001', kind: 'trashNote', docId: 'oldTrashNote_000001' }],
        old,
      );
      await vaults.applyOps(
        'default',
        [{ opId: 'op-trash-new-000001', kind: 'trashNote', docId: 'newTrashNote_000001' }],
        recent,
      );
      expect(await vaults.purgeTrashedBefore('default', new Date(t0.getTime() - 30 * day), t0)).toBe(1);
      expect(await store.isRetired('oldTrashNote_000001')).toBe(true);
      expect((await vaults.readTrash('default')).notes.map((note) => note.docId)).toEqual(['newTrashNote_000001']);
      expect((await vaults.readTree('default')).notes.map((note) => note.docId)).toEqual(['liveNote_00000000001']);
    });
  });
}

for (const backend of testBackends()) runNoteStoreContract(backend);
