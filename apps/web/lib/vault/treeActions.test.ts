import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createFakeRelay } from './fakeRelay';
import { canDropInto, createTreeActions } from './treeActions';
import { createVaultStorage } from './vaultStorage';
import { createVaultStore } from './vaultStore';

const now = () => Date.UTC(2026, 10, 30);
let counter = 0;
const newId = () => {
  counter += 1;
  return `id_${String(counter).padStart(16, '0')}`;
};

async function setUp() {
  const relay = createFakeRelay(now);
  const store = createVaultStore({ storage: createVaultStorage(new IDBFactory()), ...relay.deps(), now, newId });
  await store.start();
  return { store, actions: createTreeActions(store, newId, now) };
}

describe('tree actions', () => {
  it('names new notes and folders Untitled, Untitled 2… in the chosen folder', async () => {
    const { store, actions } = await setUp();
    await actions.createNote('');
    await actions.createNote('');
    const folder = await actions.createFolder('');
    expect(folder).toEqual({ kind: 'folder', path: 'New folder' });
    await actions.createNote('New folder');
    expect(store.getState().notes.map((note) => note.path)).toEqual([
      'New folder/Untitled.md',
      'Untitled 2.md',
      'Untitled.md',
    ]);
  });

  it('[CN4, PATH5] refuses a taken or invalid name with core’s message and changes nothing', async () => {
    const { store, actions } = await setUp();
    await actions.createNote('');
    const second = await actions.createNote('');
    if ('message' in second) throw new Error(second.message);
    const item = second;
    expect(await actions.rename(item, 'untitled')).toEqual({
      ok: false,
      message: '"Untitled.md" already exists; choose another name.',
    });
    expect(await actions.rename(item, 'bad:name')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^PATH5/),
    });
    expect(await actions.rename(item, 'Ideas')).toEqual({ ok: true, changed: true });
    expect(store.getState().notes.map((note) => note.path)).toEqual(['Ideas.md', 'Untitled.md']);
  });

  it('[FD2] moves folders with their notes, never into themselves', async () => {
    const { store, actions } = await setUp();
    await actions.createFolder('');
    await actions.createNote('New folder');
    await actions.createFolder('');
    const folder = { kind: 'folder', path: 'New folder' } as const;
    expect(canDropInto(folder, 'New folder')).toBe(false);
    expect(canDropInto({ kind: 'folder', path: 'A' }, 'A/B')).toBe(false);
    expect(canDropInto({ kind: 'note', docId: 'x', path: 'A/n.md' }, 'A')).toBe(false);
    expect(await actions.moveInto(folder, 'New folder 2')).toEqual({ ok: true, changed: true });
    expect(store.getState().notes.map((note) => note.path)).toEqual(['New folder 2/New folder/Untitled.md']);
  });
});
