import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { makeLocalNoteRecord, toLocalNoteRecord } from './localNoteRecord';
import { createLocalRegistry } from './localRegistry';

const alice = 'alice_note_00000000001';
const bob = 'bob_note_0000000000002';

describe('local note registry', () => {
  it('stores, lists and updates notes', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    await registry.update(alice, () => makeLocalNoteRecord(alice));
    await registry.update(bob, () => makeLocalNoteRecord(bob));
    await registry.update(alice, (current) => current && { ...current, pendingChanges: 3 });
    expect(await registry.get(alice)).toEqual({ docId: alice, pendingChanges: 3 });
    expect((await registry.list()).map((note) => note.docId).sort()).toEqual([alice, bob]);
  });

  it('does not write when the updater declines', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    expect(await registry.update(alice, () => undefined)).toBeUndefined();
    expect(await registry.get(alice)).toBeUndefined();
  });

  it('loses no update when many arrive at once', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    await registry.update(alice, () => makeLocalNoteRecord(alice));
    const increments = Array.from({ length: 20 }, () =>
      registry.update(alice, (current) => current && { ...current, pendingChanges: current.pendingChanges + 1 }),
    );
    await Promise.all(increments);
    expect((await registry.get(alice))?.pendingChanges).toBe(20);
  });

  it('forgets a removed note, so it is no longer listed as pending', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    await registry.update(alice, () => ({ ...makeLocalNoteRecord(alice), pendingChanges: 2 }));
    await registry.update(bob, () => makeLocalNoteRecord(bob));
    await registry.remove(alice);
    await registry.remove('never_stored_000000003');
    expect(await registry.get(alice)).toBeUndefined();
    expect((await registry.list()).map((note) => note.docId)).toEqual([bob]);
  });

  it('survives reopening the database, as after a reload', async () => {
    const factory = new IDBFactory();
    await createLocalRegistry(factory).update(alice, () => ({ ...makeLocalNoteRecord(alice), pendingChanges: 4 }));
    expect((await createLocalRegistry(factory).get(alice))?.pendingChanges).toBe(4);
  });

  it('reads records written by the previous build (titles, registration flags) without breaking', () => {
    const old = { docId: alice, title: 'Groceries', registeredOnRelay: true, pendingChanges: 2, updatedAt: 5 };
    expect(toLocalNoteRecord(old)).toEqual({ docId: alice, pendingChanges: 2 });
    expect(toLocalNoteRecord({ docId: bob, pendingChanges: -1 })).toEqual({ docId: bob, pendingChanges: 0 });
    expect(toLocalNoteRecord('junk')).toBeUndefined();
  });
});
