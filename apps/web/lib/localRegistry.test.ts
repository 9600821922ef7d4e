import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createLocalRegistry } from './localRegistry';
import { makeNewLocalNote } from './noteMerge';

const alice = 'alice_note_00000000001';
const bob = 'bob_note_0000000000002';

describe('local note registry', () => {
  it('stores, lists and updates notes, telling subscribers about each write', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    let writes = 0;
    registry.subscribe(() => {
      writes += 1;
    });
    await registry.update(alice, () => makeNewLocalNote(alice, 1));
    await registry.update(bob, () => makeNewLocalNote(bob, 2));
    await registry.update(alice, (current) => current && { ...current, title: 'Groceries', pendingChanges: 3 });
    expect(await registry.get(alice)).toMatchObject({ title: 'Groceries', pendingChanges: 3, createdAt: 1 });
    expect((await registry.list()).map((note) => note.docId).sort()).toEqual([alice, bob]);
    expect(writes).toBe(3);
  });

  it('does not write (or notify) when the updater declines', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    let writes = 0;
    registry.subscribe(() => {
      writes += 1;
    });
    expect(await registry.update(alice, () => undefined)).toBeUndefined();
    expect(await registry.get(alice)).toBeUndefined();
    expect(writes).toBe(0);
  });

  it('loses no update when many arrive at once', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    await registry.update(alice, () => makeNewLocalNote(alice, 1));
    const increments = Array.from({ length: 20 }, () =>
      registry.update(alice, (current) => current && { ...current, pendingChanges: current.pendingChanges + 1 }),
    );
    await Promise.all(increments);
    expect((await registry.get(alice))?.pendingChanges).toBe(20);
  });

  it('survives reopening the database, as after a reload', async () => {
    const factory = new IDBFactory();
    await createLocalRegistry(factory).update(alice, () => ({ ...makeNewLocalNote(alice, 1), pendingChanges: 4 }));
    expect((await createLocalRegistry(factory).get(alice))?.pendingChanges).toBe(4);
  });
});
