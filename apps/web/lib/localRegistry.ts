import {
  type DatabaseOpener,
  getBrowserDatabase,
  openerOf,
  PRE_ACCOUNT_DATABASE_NAME,
  requestResult,
  STORES,
} from './localDatabase';
import { type LocalNoteRecord, toLocalNoteRecord } from './localNoteRecord';

/** Turns the current record (or its absence) into the record to store; `undefined` leaves it untouched. */
export type NoteUpdater = (current: LocalNoteRecord | undefined) => LocalNoteRecord | undefined;

/** Per-note bookkeeping of this device (pending edit counts), kept in IndexedDB. */
export interface LocalRegistry {
  list(): Promise<LocalNoteRecord[]>;
  get(docId: string): Promise<LocalNoteRecord | undefined>;
  /** Reads and writes in one IndexedDB transaction, so concurrent updates never overwrite each other. */
  update(docId: string, updater: NoteUpdater): Promise<LocalNoteRecord | undefined>;
  /** Forgets a note (one this person may no longer read); nothing happens when there is no record. */
  remove(docId: string): Promise<void>;
}

/** Opens the registry on an IndexedDB factory (tests), or on a shared database opener. */
export function createLocalRegistry(
  source: IDBFactory | DatabaseOpener,
  databaseName = PRE_ACCOUNT_DATABASE_NAME,
): LocalRegistry {
  const open = openerOf(source, databaseName);
  return {
    list: async () => readAll(await open()),
    get: async (docId) => readOne(await open(), docId),
    update: async (docId, updater) => updateOne(await open(), docId, updater),
    remove: async (docId) => removeOne(await open(), docId),
  };
}

/** The registry in one of this browser's databases, opened on first use (never during the static prerender). */
export function getLocalRegistry(databaseName: string): LocalRegistry {
  return createLocalRegistry(getBrowserDatabase(databaseName));
}

async function readAll(database: IDBDatabase): Promise<LocalNoteRecord[]> {
  const store = database.transaction(STORES.notes, 'readonly').objectStore(STORES.notes);
  const values: unknown[] = await requestResult(store.getAll());
  return values.map(toLocalNoteRecord).filter((record) => record !== undefined);
}

async function readOne(database: IDBDatabase, docId: string): Promise<LocalNoteRecord | undefined> {
  const store = database.transaction(STORES.notes, 'readonly').objectStore(STORES.notes);
  return toLocalNoteRecord(await requestResult(store.get(docId)));
}

function updateOne(database: IDBDatabase, docId: string, updater: NoteUpdater): Promise<LocalNoteRecord | undefined> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORES.notes, 'readwrite');
    const store = transaction.objectStore(STORES.notes);
    let written: LocalNoteRecord | undefined;
    const read = store.get(docId);
    read.onsuccess = () => {
      written = updater(toLocalNoteRecord(read.result));
      if (written) store.put({ ...written, docId });
    };
    transaction.oncomplete = () => resolve(written);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

function removeOne(database: IDBDatabase, docId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORES.notes, 'readwrite');
    transaction.objectStore(STORES.notes).delete(docId);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}
