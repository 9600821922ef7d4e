import { describeSyncState } from '@baalda/core';
import type { NoteSession, NoteStorage } from './noteSession';
import { acquireNoteSession, releaseNoteSession } from './noteSessions';
import { getConnectionStatus } from './syncSocket';

/**
 * Notes synced in the background at once. The socket's window (SW1), not this number, bounds what the
 * relay sees (16 authenticating); this bounds what the tab holds (a Y.Doc and an IndexedDB connection per
 * note). Well past the window, so the next notes load from IndexedDB while the window's are answered: 200
 * pending notes drain in a few seconds.
 */
export const BACKGROUND_SYNC_PARALLEL = 64;
// A note that can't finish syncing (relay refusing it, say) is retried on a later catch-up, not held open.
const GIVE_UP_MS = 30_000;

interface Job {
  readonly docId: string;
  readonly storage: NoteStorage;
}

// Notes waiting their turn, in the order they were found.
const queue: Job[] = [];
// Local database names of the notes queued or being synced (a docId alone could be another user's copy).
const claimed = new Set<string>();
let workers = 0;

/**
 * Syncs notes that hold local edits the relay has not acknowledged, even when they are not open: without
 * this, a note edited offline would only reach the relay the next time someone opens it on this device.
 * Every pending note found is queued and the queue is drained to the end: one catch-up after a reconnect
 * sends the whole backlog, not its first few notes (each catch-up used to start 3, and the next came with
 * the 30 s poll: 200 notes edited offline took half an hour to reach the relay).
 */
export async function syncPendingNotes(storage: NoteStorage): Promise<void> {
  if (getConnectionStatus() === 'disconnected') return;
  for (const note of await storage.registry.list()) {
    const key = storage.databaseFor(note.docId);
    if (note.pendingChanges === 0 || claimed.has(key)) continue;
    claimed.add(key);
    queue.push({ docId: note.docId, storage });
  }
  while (workers < BACKGROUND_SYNC_PARALLEL && queue.length > 0) void work();
}

// Takes the next note as soon as the last one settled. Offline, a note can only wait out its timeout: the
// rest of the queue is dropped instead, and the catch-up of the next reconnection finds it again.
async function work(): Promise<void> {
  workers += 1;
  for (let job = queue.shift(); job; job = queue.shift()) {
    if (getConnectionStatus() === 'disconnected') dropQueue();
    else await syncOne(job);
    claimed.delete(job.storage.databaseFor(job.docId));
  }
  workers -= 1;
}

function dropQueue(): void {
  for (const job of queue.splice(0)) claimed.delete(job.storage.databaseFor(job.docId));
}

async function syncOne({ docId, storage }: Job): Promise<void> {
  try {
    const session = await acquireNoteSession(docId, storage, 'background');
    await waitUntilSettled(session, GIVE_UP_MS);
    releaseNoteSession(docId, storage);
  } catch (error) {
    console.warn(`Background sync of note ${docId} failed; it will be retried`, error);
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
