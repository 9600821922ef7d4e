import { describeSyncState } from '@baalda/core';
import type { LocalRegistry } from './localRegistry';
import type { NoteSession } from './noteSession';
import { acquireNoteSession, releaseNoteSession } from './noteSessions';
import { getConnectionStatus } from './syncSocket';

// Enough to drain a backlog of offline notes quickly without opening a socket subscription per note.
const MAX_PARALLEL = 3;
// A note that can't finish syncing (relay refusing it, say) is retried on a later refresh, not held open.
const GIVE_UP_MS = 30_000;

const syncing = new Set<string>();

/**
 * Syncs notes that hold local edits the relay has not acknowledged, even when they are not open: without
 * this, a note edited offline would only reach the relay the next time someone opens it on this device.
 */
export async function syncPendingNotes(registry: LocalRegistry): Promise<void> {
  if (getConnectionStatus() === 'disconnected') return;
  const pending = (await registry.list()).filter((note) => note.pendingChanges > 0 && !syncing.has(note.docId));
  for (const note of pending.slice(0, Math.max(0, MAX_PARALLEL - syncing.size))) {
    void syncOne(note.docId, registry);
  }
}

async function syncOne(docId: string, registry: LocalRegistry): Promise<void> {
  syncing.add(docId);
  try {
    const session = await acquireNoteSession(docId, registry);
    await waitUntilSynced(session, GIVE_UP_MS);
    releaseNoteSession(docId);
  } catch (error) {
    console.warn(`Background sync of note ${docId} failed; it will be retried`, error);
  } finally {
    syncing.delete(docId);
  }
}

function waitUntilSynced(session: NoteSession, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const isSynced = () => describeSyncState(session.getObservation()).kind === 'synced';
    if (isSynced()) return resolve();
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = session.subscribe(() => {
      if (isSynced()) finish();
    });
  });
}
