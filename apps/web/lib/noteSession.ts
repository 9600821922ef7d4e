import { formatNoteDocumentName, type SyncObservation } from '@baalda/core';
import { WindowedProvider, type WindowPriority } from '@baalda/sync-client';
import { IndexeddbPersistence } from 'y-indexeddb';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { createCoalescedWriter } from './coalescedWriter';
import { type LocalNoteRecord, makeLocalNoteRecord } from './localNoteRecord';
import type { LocalRegistry } from './localRegistry';
import type { NoteAccess } from './noteAccess';
import { watchNoteAccess } from './noteAccessWatcher';
import { getSyncSocket, getSyncWindow } from './syncSocket';
import { trackSync } from './syncTracker';

/** One open note: its Y.Doc, stored in IndexedDB and synced with the relay, plus what the badge shows. */
export interface NoteSession {
  readonly docId: string;
  readonly ydoc: Y.Doc;
  /**
   * Who else has the note on screen, and where their carets are (PRES3). Shared with the relay for as long
   * as the session is connected; the provider forgets every other state when its connection closes.
   */
  readonly awareness: Awareness;
  /** Calls `listener` when the observation or the access changes. */
  subscribe(listener: () => void): () => void;
  getObservation(): SyncObservation;
  /** What the relay said about this person and this note; `denied` means show nothing of it. */
  getAccess(): NoteAccess;
  /** Puts the note before background ones in the socket's window (a person opened it). */
  promote(): void;
  destroy(): void;
}

/** Where one user's vault keeps its notes on this device (see account/localNames). */
export interface NoteStorage {
  /** Pending edit counts of the scope's notes. */
  readonly registry: LocalRegistry;
  /** The notes' semantic vectors (SEMW4), made from their text and forgotten with it (ACL8). */
  readonly meanings: { remove(docIds: readonly string[]): Promise<void> };
  /** The y-indexeddb database of a note; never shared between users or vaults. */
  databaseFor(docId: string): string;
}

type NotePatch = Partial<Pick<LocalNoteRecord, 'pendingChanges'>>;

// IndexedDB answers in milliseconds; if it ever stalls we would rather show the relay's copy than nothing.
const LOCAL_LOAD_TIMEOUT_MS = 3000;

/**
 * Opens a note: local copy first (so it shows offline at once), then the relay connection. `priority` is
 * its place in the socket's window (SW1): a note the editor shows goes before background catch-ups.
 */
export async function openNoteSession(
  docId: string,
  storage: NoteStorage,
  priority: WindowPriority,
): Promise<NoteSession> {
  const { registry } = storage;
  const record = await registry.update(docId, (current) => current ?? makeLocalNoteRecord(docId));
  const documentName = formatNoteDocumentName(docId);
  const ydoc = new Y.Doc();
  // The relay knows the note by its document name; this device keeps it under the scope's own name.
  const persistence = new IndexeddbPersistence(storage.databaseFor(docId), ydoc);
  await Promise.race([persistence.whenSynced, delay(LOCAL_LOAD_TIMEOUT_MS)]);
  // Its own state names no one until an editor shows the note (PRES3): background sync is not presence.
  const awareness = new Awareness(ydoc);
  const provider = new WindowedProvider({
    websocketProvider: getSyncSocket(),
    window: getSyncWindow(),
    priority,
    name: documentName,
    document: ydoc,
    awareness,
  });
  // Given a shared websocketProvider, the provider does not attach itself (it only does so for a socket it owns).
  provider.attach();
  return startSession(docId, { persistence, provider, awareness, storage, record });
}

interface SessionParts {
  persistence: IndexeddbPersistence;
  provider: WindowedProvider;
  awareness: Awareness;
  storage: NoteStorage;
  record: LocalNoteRecord | undefined;
}

function startSession(docId: string, parts: SessionParts): NoteSession {
  const { persistence, provider, awareness, storage, record } = parts;
  const { registry } = storage;
  const writer = createCoalescedWriter<NotePatch>(
    (patch) => registry.update(docId, (current) => (current ? { ...current, ...patch } : undefined)),
    (error) => console.error(`Could not save the local record of note ${docId}`, error),
  );
  const tracker = trackSync({
    provider,
    persistence,
    initialPendingChanges: record?.pendingChanges ?? 0,
    onPendingChanges: (pendingChanges) => writer.write({ pendingChanges }),
  });
  const access = watchNoteAccess(provider, () => {
    // Nothing of a denied note can ever sync, so nothing is pending: stop counting before forgetting it.
    tracker.destroy();
    void forgetLocalCopy(docId, persistence, storage);
  });
  return {
    docId,
    ydoc: persistence.doc,
    awareness,
    subscribe(listener) {
      const unsubscribeSync = tracker.subscribe(listener);
      const unsubscribeAccess = access.subscribe(listener);
      return () => {
        unsubscribeSync();
        unsubscribeAccess();
      };
    },
    getObservation: tracker.getObservation,
    getAccess: access.getAccess,
    promote: () => provider.promote(),
    destroy() {
      access.destroy();
      tracker.destroy();
      provider.destroy();
      void persistence.destroy();
      // The editor is torn down in the same commit; let it unbind from the doc before the doc goes away.
      setTimeout(() => persistence.doc.destroy(), 0);
    },
  };
}

/**
 * Removes a note the relay says this person may not read (any more) from this device: its text (the
 * y-indexeddb database), the vectors made from it, and its registry record, so it no longer counts as
 * pending. Local edits to it are lost, but they could never be delivered: the relay refuses every byte of a
 * document that is not open to the person.
 */
async function forgetLocalCopy(docId: string, persistence: IndexeddbPersistence, storage: NoteStorage) {
  const outcomes = await Promise.allSettled([
    persistence.clearData(),
    storage.meanings.remove([docId]),
    storage.registry.remove(docId),
  ]);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') console.error(`Could not forget note ${docId} on this device`, outcome.reason);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
