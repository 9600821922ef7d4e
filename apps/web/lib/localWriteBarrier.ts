import type { IndexeddbPersistence } from 'y-indexeddb';

// y-indexeddb's object store holding one row per Yjs update.
const UPDATES_STORE = 'updates';

/**
 * Resolves once every update y-indexeddb has started writing for this note so far is committed.
 * y-indexeddb gives no promise per write, but IndexedDB does give an order: a transaction can't start
 * while an earlier read/write transaction on the same store is unfinished, so a later read's completion
 * proves the earlier writes landed.
 */
export function afterStoredUpdates(persistence: IndexeddbPersistence): Promise<void> {
  const database = persistence.db;
  if (!database) return Promise.resolve();
  return new Promise((resolve) => {
    try {
      const transaction = database.transaction(UPDATES_STORE, 'readonly');
      transaction.objectStore(UPDATES_STORE).count();
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => resolve();
      transaction.onabort = () => resolve();
    } catch {
      // The database closed (the note was closed); there is nothing left to wait for.
      resolve();
    }
  });
}
