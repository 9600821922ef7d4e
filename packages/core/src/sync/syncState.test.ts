import { describe, expect, it } from 'vitest';
import { describeSyncState } from './syncState';

describe('sync state', () => {
  it('[SYNC6] a disconnected note is offline and keeps its pending count', () => {
    expect(describeSyncState({ connection: 'disconnected', handshakeDone: true, pendingChanges: 3 })).toEqual({
      kind: 'offline',
      pendingChanges: 3,
    });
    expect(describeSyncState({ connection: 'connecting', handshakeDone: false, pendingChanges: 0 }).kind).toBe(
      'offline',
    );
  });

  it('[SYNC6] a connected note is syncing until the handshake is done and nothing is pending', () => {
    expect(describeSyncState({ connection: 'connected', handshakeDone: false, pendingChanges: 0 }).kind).toBe(
      'syncing',
    );
    expect(describeSyncState({ connection: 'connected', handshakeDone: true, pendingChanges: 2 })).toEqual({
      kind: 'syncing',
      pendingChanges: 2,
    });
    expect(describeSyncState({ connection: 'connected', handshakeDone: true, pendingChanges: 0 })).toEqual({
      kind: 'synced',
      pendingChanges: 0,
    });
  });

  it('[SYNC6] a nonsensical pending count is clamped to a whole number of at least zero', () => {
    expect(
      describeSyncState({ connection: 'disconnected', handshakeDone: true, pendingChanges: -4.5 }).pendingChanges,
    ).toBe(0);
  });
});
