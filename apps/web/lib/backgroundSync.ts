import { describeSyncState } from '@baalda/core';
import type { NoteSession, NoteStorage } from './noteSession';
import { acquireNoteSession, releaseNoteSession } from './noteSessions';
import { getConnectionStatus } from './syncSocket';

// Enough to drain a backlog of offline notes quickly without opening a socket subscription per note.
const MAX_PARALLEL = 3;
// A note that can't finish syncing (relay refusing it, say) is retried on a later refresh, not held open.
const GIVE_UP_MS = 30_000;

// Local database names of the notes being synced (a docId alone could be another user's copy).
const syncing = new Set<string>();

/**
 * Syncs notes that hold local edits the relay has not acknowledged, even when they are not open: without
 * this, a note edited offline would only reach the relay the next time someone opens it on this device.
 */
export async function syncPendingNotes(storage: NoteStorage): Promise<void> {
  if (getConnectionStatus() === 'disconnected') return;
  const pending = (await storage.registry.list()).filter(
    (note) => note.pendingChanges > 0 && !syncing.has(storage.databaseFor(note.docId)),
  );
  for (const note of pending.slice(0, Math.max(0, MAX_PARALLEL - syncing.size))) {
    void syncOne(note.docId, storage);
  }
}

async function syncOne(docId: string, storage: NoteStorage): Promise<void> {
  const key = storage.databaseFor(docId);
  syncing.add(key);
  try {
    const session = await acquireNoteSession(docId, storage);
    await waitUntilSettled(session, GIVE_UP_MS);
    releaseNoteSession(docId, storage);
  } catch (error) {
    console.warn(`Background sync of note ${docId} failed; it will be retried`, error);
  } finally {
    syncing.delete(key);
  }
}

/**
 * Until the note is on the relay, or the relay said it is not open to this person: then the session has
 * removed it from this device (registry included), so it is not picked up again. Gives up after
 * `timeoutMs`; what is still pending then is in the registry, for a later catch-up.
 */
export function waitUntilSettled(session: NoteSession, timeoutMs: number = GIVE_UP_MS): Promise<void> {
  return new Promise((resolve) => {
    const isSettled = () =>
      session.getAccess() === 'denied' || describeSyncState(session.getObservation()).kind === 'synced';
    if (isSettled()) return resolve();
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = session.subscribe(() => {
      if (isSettled()) finish();
    });
  });
}
