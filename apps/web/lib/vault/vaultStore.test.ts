import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeRelay, type FakeRelay } from './fakeRelay';
import { createVaultStorage, type VaultStorage } from './vaultStorage';
import { createVaultStore } from './vaultStore';
import type { VaultStore } from './vaultStoreTypes';

const now = Date.UTC(2026, 10, 30, 9, 0);
const clock = () => now;
const aliceNote = 'alice_note_00000000001';
const bobNote = 'bob_note_0000000000002';

let counter = 0;
const newId = () => {
  counter += 1;
  return `op_${String(counter).padStart(16, '0')}`;
};

function device(relay: FakeRelay, storage: VaultStorage = createVaultStorage(new IDBFactory())): VaultStore {
  return createVaultStore({ storage, ...relay.deps(), now: clock, newId });
}

const paths = (store: VaultStore) => store.getState().notes.map((note) => note.path);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the local vault store', () => {
  it('[CN1, CN2] two people name a new note "Ideas" offline: the one who syncs second gets the conflict name', async () => {
    const relay = createFakeRelay(clock);
    relay.online = false;
    const [alice, bob] = [device(relay), device(relay)];
    await Promise.all([alice.start(), bob.start()]);
    for (const [store, docId] of [
      [alice, aliceNote],
      [bob, bobNote],
    ] as const) {
      await store.perform({ kind: 'createNote', docId, path: 'Untitled.md', createdAt: now });
      await store.perform({ kind: 'moveNote', docId, path: 'Ideas.md' });
      expect(paths(store)).toEqual(['Ideas.md']);
      expect(store.getState().pendingOps).toBe(1);
    }
    await Promise.all([alice.flush(), bob.flush()]);
    relay.online = true;
    await alice.flush();
    await bob.flush();
    await alice.refresh();
    for (const store of [alice, bob]) {
      expect(store.getState().notes.map((note) => [note.docId, note.path, note.conflictOf])).toEqual([
        [bobNote, 'Ideas (conflict 2026-11-30).md', aliceNote],
        [aliceNote, 'Ideas.md', null],
      ]);
      expect(store.getState().pendingOps).toBe(0);
    }
  });

  it('keeps ops made offline across a reload and sends them in order once online', async () => {
    const relay = createFakeRelay(clock);
    relay.online = false;
    const storage = createVaultStorage(new IDBFactory());
    const before = device(relay, storage);
    await before.start();
    await before.perform({ kind: 'createFolder', path: 'Projects' });
    await before.perform({ kind: 'createNote', docId: aliceNote, path: 'Projects/Plan.md', createdAt: now });
    await before.perform({ kind: 'trashNote', docId: aliceNote });
    await before.flush();

    const after = device(relay, storage);
    await after.start();
    expect(after.getState()).toMatchObject({ pendingOps: 3, folders: ['Projects'], notes: [] });
    expect(after.getState().trash.map((note) => note.path)).toEqual(['Projects/Plan.md']);
    relay.online = true;
    await after.flush();
    expect(relay.batches.map((batch) => batch.map((op) => op.kind))).toEqual([
      ['createFolder', 'createNote', 'trashNote'],
    ]);
    expect(await storage.listOutbox()).toEqual([]);
    expect(relay.vault.trash().map((note) => note.docId)).toEqual([aliceNote]);
  });

  it('refuses locally what core refuses, queueing nothing', async () => {
    const relay = createFakeRelay(clock);
    const alice = device(relay);
    await alice.start();
    await alice.perform({ kind: 'createNote', docId: aliceNote, path: 'A.md', createdAt: now });
    await alice.perform({ kind: 'createNote', docId: bobNote, path: 'B.md', createdAt: now });
    const taken = await alice.perform({ kind: 'moveNote', docId: bobNote, path: 'a.md' });
    expect(taken).toMatchObject({ ok: false, code: 'PATH_TAKEN' });
    const invalid = await alice.perform({ kind: 'moveNote', docId: bobNote, path: 'bad:name.md' });
    expect(invalid).toMatchObject({ ok: false, code: 'PATH_INVALID', rule: 'PATH5' });
    await alice.flush();
    expect(relay.batches.flat().map((op) => op.kind)).toEqual(['createNote', 'createNote']);
    expect(paths(alice)).toEqual(['A.md', 'B.md']);
  });

  it('[CN4] undoes a change the relay refused and says why', async () => {
    const relay = createFakeRelay(clock);
    const [alice, bob] = [device(relay), device(relay)];
    await Promise.all([alice.start(), bob.start()]);
    await alice.perform({ kind: 'createNote', docId: aliceNote, path: 'Plan.md', createdAt: now });
    await alice.flush();
    await bob.refresh();
    relay.online = false;
    await bob.perform({ kind: 'moveNote', docId: aliceNote, path: 'Roadmap.md' });
    await bob.flush();
    relay.online = true;
    await alice.perform({ kind: 'createNote', docId: bobNote, path: 'Roadmap.md', createdAt: now });
    await alice.flush();
    expect(paths(bob)).toEqual(['Roadmap.md']);
    await bob.flush();
    expect(paths(bob)).toEqual(['Plan.md', 'Roadmap.md']);
    expect(bob.getState().notices.map((notice) => notice.message)).toEqual([
      'Renaming or moving “Roadmap” was undone: "Roadmap.md" already exists; choose another name.',
    ]);
    expect(bob.getState().pendingOps).toBe(0);
  });

  it('keeps an applied op showing until a fetched tree reflects it', async () => {
    const relay = createFakeRelay(clock);
    const storage = createVaultStorage(new IDBFactory());
    const fetchSnapshot = relay.deps().fetchSnapshot;
    // The tree fetch after the batch fails (the network dropped right after the answer).
    const store = createVaultStore({
      storage,
      ...relay.deps(),
      fetchSnapshot: async () => ({ ok: false, code: 'NETWORK_UNAVAILABLE', message: 'gone' }),
      now: clock,
      newId,
    });
    await store.start();
    await store.perform({ kind: 'createNote', docId: aliceNote, path: 'Plan.md', createdAt: now });
    await store.flush();
    expect(paths(store)).toEqual(['Plan.md']);
    expect(store.getState().pendingOps).toBe(0);
    expect((await storage.listOutbox()).map((entry) => entry.ackedVersion)).toEqual([1]);
    // A reload in that gap still shows the note, and the next fetch clears the outbox.
    const reloaded = createVaultStore({ storage, ...relay.deps(), fetchSnapshot, now: clock, newId });
    await reloaded.start();
    expect(paths(reloaded)).toEqual(['Plan.md']);
    await reloaded.refresh();
    expect(await storage.listOutbox()).toEqual([]);
    expect(relay.batches).toHaveLength(1);
  });

  it('drops only the op the relay cannot read when it refuses a batch as malformed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const relay = createFakeRelay(clock);
    const postOps = relay.deps().postOps;
    let calls = 0;
    const picky = createVaultStore({
      storage: createVaultStorage(new IDBFactory()),
      ...relay.deps(),
      postOps: async (ops) => {
        calls += 1;
        return ops[0]?.kind === 'createNote' && ops[0].docId === aliceNote
          ? { ok: false, code: 'OP_INVALID', message: 'createdAt must be …' }
          : postOps(ops);
      },
      now: clock,
      newId,
    });
    await picky.start();
    await picky.perform({ kind: 'createNote', docId: aliceNote, path: 'A.md', createdAt: now });
    await picky.perform({ kind: 'createNote', docId: bobNote, path: 'B.md', createdAt: now });
    await picky.flush();
    expect(calls).toBe(3);
    expect(paths(picky)).toEqual(['B.md']);
    expect(picky.getState().notices).toHaveLength(1);
  });
});
