'use client';

import { describeSyncState, type SyncObservation, type SyncState } from '@baalda/core';
import { useCallback, useSyncExternalStore } from 'react';
import type { NoteSession } from '../lib/noteSession';
import { getConnectionStatus, getSyncSocket, subscribeToConnection } from '../lib/syncSocket';

const SERVER_STATE: SyncState = { kind: 'offline', pendingChanges: 0 };

/**
 * What the badge shows. With a note open it is that note's sync; with none open (or one still loading) it
 * is just the connection, and a loading note counts as not synced yet.
 */
export function useSyncState(session: NoteSession | null, noteSelected: boolean): SyncState {
  const subscribe = useCallback(
    (listener: () => void) => {
      getSyncSocket();
      return session ? session.subscribe(listener) : subscribeToConnection(listener);
    },
    [session],
  );
  const observation = useSyncExternalStore(
    subscribe,
    () => (session ? session.getObservation() : connectionOnly(noteSelected)),
    () => null,
  );
  return observation ? describeSyncState(observation) : SERVER_STATE;
}

// Snapshots must be stable between calls with nothing changed, or useSyncExternalStore loops.
const connectionSnapshots = new Map<string, SyncObservation>();

function connectionOnly(noteSelected: boolean): SyncObservation {
  const connection = getConnectionStatus();
  const key = `${connection}:${noteSelected}`;
  let snapshot = connectionSnapshots.get(key);
  if (!snapshot) {
    snapshot = { connection, handshakeDone: !noteSelected, pendingChanges: 0 };
    connectionSnapshots.set(key, snapshot);
  }
  return snapshot;
}
