import type { ConnectionStatus, SyncObservation } from '@baalda/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalNoteRecord } from './localNoteRecord';
import type { NoteSession, NoteStorage } from './noteSession';

// The relay, as the background syncer sees it: sessions that settle a tick after they open.
const relay = vi.hoisted(() => ({
  connection: 'connected' as ConnectionStatus,
  open: 0,
  mostOpen: 0,
  acquired: [] as string[],
  priorities: new Set<string>(),
}));

vi.mock('./syncSocket', () => ({ getConnectionStatus: () => relay.connection }));
vi.mock('./noteSessions', () => ({
  acquireNoteSession: async (docId: string, _storage: NoteStorage, priority: string) => {
    relay.acquired.push(docId);
    relay.priorities.add(priority);
    relay.open += 1;
    relay.mostOpen = Math.max(relay.mostOpen, relay.open);
    return settlingSession(docId);
  },
  releaseNoteSession: () => {
    relay.open -= 1;
  },
}));

const { BACKGROUND_SYNC_PARALLEL, syncPendingNotes } = await import('./backgroundSync');

function settlingSession(docId: string): NoteSession {
  let observation: SyncObservation = { connection: 'connected', handshakeDone: false, pendingChanges: 1 };
  const listeners = new Set<() => void>();
  setTimeout(() => {
    if (relay.connection !== 'connected') return;
    observation = { connection: 'connected', handshakeDone: true, pendingChanges: 0 };
    for (const listener of listeners) listener();
  }, 1);
  return {
    docId,
    ydoc: undefined as never,
    awareness: undefined as never,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getObservation: () => observation,
    getAccess: () => 'granted',
    promote: () => undefined,
    destroy: () => undefined,
  };
}

function storageWith(records: LocalNoteRecord[]): NoteStorage {
  return {
    registry: {
      list: async () => records,
      get: async () => undefined,
      update: async () => undefined,
      remove: async () => undefined,
    },
    meanings: { remove: async () => undefined },
    databaseFor: (docId) => `alice:default:${docId}`,
  };
}

function pendingNotes(count: number): LocalNoteRecord[] {
  return Array.from({ length: count }, (_, index) => ({ docId: `note${index}`, pendingChanges: 1 }));
}

const settle = () => vi.waitFor(() => expect(relay.open).toBe(0), { timeout: 5000, interval: 5 });

beforeEach(() => {
  Object.assign(relay, { connection: 'connected', open: 0, mostOpen: 0, acquired: [], priorities: new Set() });
});

describe('background sync', () => {
  it('[SYNC3][SW1] one catch-up syncs all 200 pending notes, a bounded number at a time, in the background', async () => {
    await syncPendingNotes(storageWith([...pendingNotes(200), { docId: 'clean', pendingChanges: 0 }]));
    await vi.waitFor(() => expect(relay.acquired).toHaveLength(200), { timeout: 5000, interval: 5 });
    await settle();
    expect(new Set(relay.acquired).size).toBe(200);
    expect(relay.acquired).not.toContain('clean');
    expect(relay.mostOpen).toBe(BACKGROUND_SYNC_PARALLEL);
    expect([...relay.priorities]).toEqual(['background']);
  });

  it('[SYNC3] a catch-up while the backlog drains adds no second copy of a note', async () => {
    const storage = storageWith(pendingNotes(100));
    await Promise.all([syncPendingNotes(storage), syncPendingNotes(storage)]);
    await settle();
    expect(relay.acquired).toHaveLength(100);
    expect(relay.mostOpen).toBeLessThanOrEqual(BACKGROUND_SYNC_PARALLEL);
  });

  it('[SYNC3] offline, the rest of the backlog waits for the next catch-up instead of timing out note by note', async () => {
    const storage = storageWith(pendingNotes(200));
    vi.useFakeTimers();
    try {
      await syncPendingNotes(storage);
      relay.connection = 'disconnected';
      // The sessions already open can only wait out their timeout; nothing after them is opened.
      await vi.advanceTimersByTimeAsync(30_000);
      expect(relay.open).toBe(0);
      expect(relay.acquired).toHaveLength(BACKGROUND_SYNC_PARALLEL);
    } finally {
      vi.useRealTimers();
    }

    relay.connection = 'connected';
    relay.acquired = [];
    await syncPendingNotes(storage);
    await vi.waitFor(() => expect(relay.acquired).toHaveLength(200), { timeout: 5000, interval: 5 });
    await settle();
  });
});
