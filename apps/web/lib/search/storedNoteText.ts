import { extractPlainText } from '@baalda/markdown';
import * as Y from 'yjs';
import { requestResult } from '../localDatabase';

// y-indexeddb's object store holding one row per Yjs update (see localWriteBarrier).
const UPDATES_STORE = 'updates';

/**
 * The text of a note as y-indexeddb stored it in this browser (in the scope's database for the note, see
 * account/localNames), or null when this browser never opened the note. Read-only: it opens no provider
 * and, unlike `new IndexeddbPersistence`, never creates an empty database for a note it doesn't have.
 */
export async function readStoredNoteText(
  databaseName: string,
  factory: IDBFactory = indexedDB,
): Promise<string | null> {
  const database = await openExisting(factory, databaseName);
  if (!database) return null;
  try {
    if (!database.objectStoreNames.contains(UPDATES_STORE)) return null;
    const store = database.transaction(UPDATES_STORE, 'readonly').objectStore(UPDATES_STORE);
    const updates: unknown[] = await requestResult(store.getAll());
    const doc = new Y.Doc();
    Y.transact(doc, () => {
      for (const update of updates) if (update instanceof Uint8Array) Y.applyUpdate(doc, update);
    });
    const text = extractPlainText(doc);
    doc.destroy();
    return text;
  } finally {
    database.close();
  }
}

/**
 * Opens a database only if it exists. Opening a missing one would create it; aborting the upgrade that
 * creation starts leaves nothing behind (the open then fails, which here means "not on this device").
 */
function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = factory.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      // An open note's tab upgrading its database must not be blocked by this read.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = (event) => {
      // Handled here: an aborted creation is the expected answer for a note never opened on this device.
      event.preventDefault();
      resolve(null);
    };
  });
}
