import { fail, hashedEmbedder, type VaultNote } from '@baalda/core';
import { describe, expect, it, vi } from 'vitest';
import { createNoteSearch, type NoteSearchDeps } from './noteSearch';
import { createDeviceMeanings } from './semantic/deviceMeanings';
import { createNoteMeanings, sha256TextKey } from './semantic/noteMeanings';
import { memoryMeaningStore, standInEncoder } from './semantic/testEncoders';
import { liveNote } from './testNote';

const note = liveNote;
const refunds = note('alice_note_00000000001', 'Refunds.md');
const wifi = note('alice_note_00000000002', 'Wifi.md');
const texts = new Map([
  [refunds.docId, 'Refunds are paid within thirty days.'],
  [wifi.docId, 'The office wifi password changed.'],
]);

function setUp(overrides: Partial<NoteSearchDeps> = {}) {
  const tree = { notes: [refunds, wifi], trash: [] as VaultNote[] };
  const deps = {
    embedder: hashedEmbedder,
    isOffline: () => false,
    askRelay: vi.fn<NoteSearchDeps['askRelay']>(async () => ({
      ok: true,
      hits: [{ docId: refunds.docId, kind: 'note', title: 'Refunds', path: 'Refunds.md', score: 0.7 }],
    })),
    readTree: () => tree,
    readText: vi.fn(async (docId: string) => texts.get(docId) ?? null),
    ...overrides,
  };
  return { deps, tree, session: createNoteSearch(deps).startSession() };
}

describe('note search', () => {
  it('asks the relay when it is reachable', async () => {
    const { deps, session } = setUp();
    expect(await session.search('thirty days')).toEqual({
      ok: true,
      source: 'relay',
      hits: [expect.objectContaining({ docId: refunds.docId })],
    });
    expect(deps.askRelay).toHaveBeenCalledWith('thirty days', 20);
    expect(deps.readText).not.toHaveBeenCalled();
  });

  it('[EMB1] searches this device’s notes when offline, and says so', async () => {
    const { deps, session } = setUp({ isOffline: () => true });
    const outcome = await session.search('wifi password');
    expect(outcome).toEqual({ ok: true, source: 'device', hits: [expect.objectContaining({ docId: wifi.docId })] });
    expect(deps.askRelay).not.toHaveBeenCalled();
  });

  it('[EMB1] falls back to this device when the relay request fails on the network', async () => {
    const { session } = setUp({ askRelay: async () => fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.') });
    expect(await session.search('thirty days')).toMatchObject({ ok: true, source: 'device' });
  });

  it('shows a refusal of the relay as an error, without searching locally', async () => {
    const { deps, session } = setUp({ askRelay: async () => fail('SEARCH_INVALID', 'The query is too long.') });
    expect(await session.search('x')).toEqual({ ok: false, message: 'The query is too long.' });
    expect(deps.readText).not.toHaveBeenCalled();
  });

  it('[IDX3] never finds a note trashed on this device, online or offline', async () => {
    let offline = false;
    const { tree, session } = setUp({ isOffline: () => offline });
    tree.notes = [wifi];
    tree.trash = [refunds];
    expect(await session.search('thirty days')).toEqual({ ok: true, source: 'relay', hits: [] });
    offline = true;
    expect(await session.search('thirty days')).toEqual({ ok: true, source: 'device', hits: [] });
  });

  it('reads the stored texts once per session, not once per keystroke', async () => {
    const { deps, session } = setUp({ isOffline: () => true });
    await session.search('wifi');
    await session.search('wifi password');
    expect(deps.readText).toHaveBeenCalledTimes(2);
  });

  it('[SEMW5] offline, answers by words at once, then by meaning once every note has its vectors', async () => {
    const paraphrase = 'how long do buyers have to send back a purchase';
    const encoder = standInEncoder(new Map([[paraphrase, texts.get(refunds.docId) ?? '']]));
    const meanings = createDeviceMeanings(
      { get: async () => encoder },
      createNoteMeanings(memoryMeaningStore(), sha256TextKey),
    );
    const { session } = setUp({ isOffline: () => true, meanings });
    const first = await session.search(paraphrase);
    expect(first).toMatchObject({ ok: true, source: 'device', hits: [], improves: expect.any(Promise) });
    if (first.ok) await first.improves;
    const second = await session.search(paraphrase);
    expect(second).toEqual({ ok: true, source: 'device', hits: [expect.objectContaining({ docId: refunds.docId })] });
  });

  it('[SEMW6] offline without a model, searches by words and shows no error', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const meanings = createDeviceMeanings(
      {
        get: async () => {
          throw new Error('The sentence encoder is unavailable: TypeError: Failed to fetch');
        },
      },
      createNoteMeanings(memoryMeaningStore(), sha256TextKey),
    );
    const { session } = setUp({ isOffline: () => true, meanings });
    expect(await session.search('wifi password')).toMatchObject({
      ok: true,
      source: 'device',
      hits: [expect.objectContaining({ docId: wifi.docId })],
    });
    expect(await session.search('wifi')).toMatchObject({ ok: true, source: 'device' });
    info.mockRestore();
  });
});
