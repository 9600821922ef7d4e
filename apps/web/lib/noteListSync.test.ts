import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalRegistry } from './localRegistry';
import { refreshFromRelay, registrationRetryDelay } from './noteListSync';
import { makeNewLocalNote } from './noteMerge';

const aliceNote = 'alice_offline_note_0001';
const bobNote = 'bob_relay_note_00000002';
const now = Date.UTC(2025, 5, 15);

interface FakeRelay {
  listed: { docId: string; title: string; createdAt: number; updatedAt: number }[];
  registerStatus: number;
  registered: string[];
}

function stubRelay(relay: FakeRelay): void {
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const { docId } = JSON.parse(String(init.body)) as { docId: string };
      relay.registered.push(docId);
      const body = relay.registerStatus < 300 ? { note: {} } : { error: { code: 'REQUEST_INVALID', message: 'no' } };
      return Response.json(body, { status: relay.registerStatus });
    }
    return Response.json({ notes: relay.listed });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('refreshing the note list from the relay', () => {
  it('adds notes only the relay knows and registers notes created offline', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    await registry.update(aliceNote, () => makeNewLocalNote(aliceNote, now - 1000));
    const relay: FakeRelay = {
      listed: [{ docId: bobNote, title: 'Agenda', createdAt: now - 5000, updatedAt: now - 4000 }],
      registerStatus: 201,
      registered: [],
    };
    stubRelay(relay);
    expect(await refreshFromRelay(registry, now)).toBeUndefined();
    expect(relay.registered).toEqual([aliceNote]);
    expect(await registry.get(aliceNote)).toMatchObject({ registeredOnRelay: true });
    expect(await registry.get(bobNote)).toMatchObject({ title: 'Agenda', registeredOnRelay: true });
  });

  it('retries a refused registration after a growing pause, not on every refresh, and keeps the note', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createLocalRegistry(new IDBFactory());
    const refusedNote = 'carol_refused_note_0003';
    await registry.update(refusedNote, () => makeNewLocalNote(refusedNote, now));
    const relay: FakeRelay = { listed: [], registerStatus: 400, registered: [] };
    stubRelay(relay);
    expect(await refreshFromRelay(registry, now)).toMatchObject({ code: 'REQUEST_INVALID' });
    expect(await refreshFromRelay(registry, now + 5_000)).toMatchObject({ code: 'REQUEST_INVALID' });
    expect(relay.registered).toHaveLength(1);
    await refreshFromRelay(registry, now + registrationRetryDelay(1) + 1);
    expect(relay.registered).toHaveLength(2);
    expect(await registry.get(refusedNote)).toMatchObject({ registeredOnRelay: false });
  });

  it('treats an unreachable relay as a normal state, not a problem to show', async () => {
    const registry = createLocalRegistry(new IDBFactory());
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await refreshFromRelay(registry, now)).toBeUndefined();
  });

  it('doubles the retry pause up to half an hour', () => {
    expect(registrationRetryDelay(1)).toBe(30_000);
    expect(registrationRetryDelay(2)).toBe(60_000);
    expect(registrationRetryDelay(20)).toBe(30 * 60_000);
  });
});
