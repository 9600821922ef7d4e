import { type LocalNoteRecord, toLocalNoteRecord } from './localNoteRecord';

const DATABASE_NAME = 'baalda-local';
const DATABASE_VERSION = 1;
const NOTES_STORE = 'notes';

/** Turns the current record (or its absence) into the record to store; `undefined` leaves it untouched. */
export type NoteUpdater = (current: LocalNoteRecord | undefined) => LocalNoteRecord | undefined;

/** The device's own list of notes: the half of the note list that needs no network. */
export interface LocalRegistry {
  list(): Promise<LocalNoteRecord[]>;
  get(docId: string): Promise<LocalNoteRecord | undefined>;
  /** Reads and writes in one IndexedDB transaction, so concurrent updates never overwrite each other. */
  update(docId: string, updater: NoteUpdater): Promise<LocalNoteRecord | undefined>;
  /** Called after every write that changed a record, from this tab. */
  subscribe(listener: () => void): () => void;
}

/** Opens the registry on an IndexedDB factory (the browser's, or fake-indexeddb in tests). */
export function createLocalRegistry(factory: IDBFactory, databaseName = DATABASE_NAME): LocalRegistry {
  let database: Promise<IDBDatabase> | undefined;
  const listeners = new Set<() => void>();
  const open = () => {
    database ??= openDatabase(factory, databaseName);
    return database;
  };
  return {
    list: async () => readAll(await open()),
    get: async (docId) => readOne(await open(), docId),
    update: async (docId, updater) => {
      const written = await updateOne(await open(), docId, updater);
      if (written) for (const listener of listeners) listener();
      return written;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let browserRegistry: LocalRegistry | undefined;

/** The registry of this browser profile, opened on first use (never during the static prerender). */
export function getLocalRegistry(): LocalRegistry {
  browserRegistry ??= createLocalRegistry(indexedDB);
  return browserRegistry;
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(NOTES_STORE)) {
        request.result.createObjectStore(NOTES_STORE, { keyPath: 'docId' });
      }
    };
    request.onsuccess = () => {
      // A newer tab upgrading the schema must not be blocked by this one.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
}

async function readAll(database: IDBDatabase): Promise<LocalNoteRecord[]> {
  const store = database.transaction(NOTES_STORE, 'readonly').objectStore(NOTES_STORE);
  const values: unknown[] = await requestResult(store.getAll());
  return values.map(toLocalNoteRecord).filter((record) => record !== undefined);
}

async function readOne(database: IDBDatabase, docId: string): Promise<LocalNoteRecord | undefined> {
  const store = database.transaction(NOTES_STORE, 'readonly').objectStore(NOTES_STORE);
  return toLocalNoteRecord(await requestResult(store.get(docId)));
}

function updateOne(database: IDBDatabase, docId: string, updater: NoteUpdater): Promise<LocalNoteRecord | undefined> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(NOTES_STORE, 'readwrite');
    const store = transaction.objectStore(NOTES_STORE);
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

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
