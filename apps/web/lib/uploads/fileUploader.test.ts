import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createFakeRelay } from '../vault/fakeRelay';
import { createVaultStorage } from '../vault/vaultStorage';
import { createVaultStore } from '../vault/vaultStore';
import { createFileUploader } from './fileUploader';
import { createUploadQueue } from './uploadQueue';
import { createUploadStorage } from './uploadStorage';

const now = Date.UTC(2026, 10, 30, 9, 0);
const clock = () => now;

async function setUp() {
  let counter = 0;
  const newId = () => {
    counter += 1;
    return `alice_id_${String(counter).padStart(12, '0')}`;
  };
  const relay = createFakeRelay(clock);
  relay.online = false;
  const store = createVaultStore({ storage: createVaultStorage(new IDBFactory()), ...relay.deps(), now: clock, newId });
  const queue = createUploadQueue({
    storage: createUploadStorage(new IDBFactory()),
    send: () => new Promise(() => undefined),
    onUploaded: async () => undefined,
    now: clock,
    schedule: () => () => undefined,
  });
  await Promise.all([store.start(), queue.start()]);
  queue.stop();
  const importMarkdown = vi.fn(async () => undefined);
  const upload = createFileUploader({ queue, store, importMarkdown, newId, now: clock });
  return { store, queue, upload, importMarkdown };
}

describe('adding files to the vault', () => {
  it('[ATT8, PATH11] queues attachments and turns a .md file into a note holding its Markdown', async () => {
    const { store, queue, upload, importMarkdown } = await setUp();
    const outcome = await upload(
      [new File(['%PDF'], 'Scan.pdf'), new File(['# Minutes\n\n- agreed'], 'Minutes.md')],
      'Work',
    );
    expect(outcome.problems).toEqual([]);
    expect(outcome.added.map((entry) => entry.path)).toEqual(['Work/Scan.pdf', 'Work/Minutes.md']);
    expect(queue.getState().uploads).toEqual([
      expect.objectContaining({ path: 'Work/Scan.pdf', createdAt: now, state: 'queued' }),
    ]);
    const note = store.getState().notes.find((entry) => entry.path === 'Work/Minutes.md');
    expect(note).toBeDefined();
    expect(importMarkdown).toHaveBeenCalledWith(note?.docId, '# Minutes\n\n- agreed');
  });

  it('[PATH9] avoids names taken by live entries and by files still waiting for upload', async () => {
    const { store, upload } = await setUp();
    await store.perform({ kind: 'createNote', docId: 'alice_note_00000000001', path: 'Scan.md', createdAt: now });
    await upload([new File(['a'], 'Scan.md')], '');
    await upload([new File(['b'], 'Photo.png')], '');
    const second = await upload([new File(['c'], 'photo.png'), new File(['d'], 'Scan.md')], '');
    expect(second.added.map((entry) => entry.path)).toEqual(['photo 2.png', 'Scan 3.md']);
  });

  it('[LIM12, PATH5] tells why a file was not added and adds the others', async () => {
    const { queue, upload } = await setUp();
    const outcome = await upload([new File(['x'], 'bad|name.txt'), new File(['y'], 'Good.txt')], '');
    expect(outcome.problems).toEqual([expect.stringMatching(/^“bad\|name\.txt” was not added: PATH5: /)]);
    expect(queue.getState().uploads.map((entry) => entry.path)).toEqual(['Good.txt']);
  });
});
