// 1: notes. 2: the vault outbox and the last tree seen from the relay. 3: files waiting to be uploaded.
// 4: the notes' semantic vectors (search/semantic/meaningStore). The schema is the same for every database:
// one per user and vault (see account/localNames), and the pre-account `baalda-local`.
const DATABASE_VERSION = 4;

/** The one database of the app before accounts (see account/localNames); tests open it by default. */
export const PRE_ACCOUNT_DATABASE_NAME = 'baalda-local';

/** The object stores of one scope's database (each note's text lives in y-indexeddb's own databases). */
export const STORES = {
  notes: 'notes',
  outbox: 'outbox',
  snapshot: 'snapshot',
  uploads: 'uploads',
  meanings: 'meanings',
} as const;

/** Opens the database once, on first use; every store of this device shares the connection. */
export type DatabaseOpener = () => Promise<IDBDatabase>;

/** An opener on an IndexedDB factory (the browser's, or fake-indexeddb in tests). */
export function createDatabaseOpener(factory: IDBFactory, name: string): DatabaseOpener {
  let database: Promise<IDBDatabase> | undefined;
  return () => {
    database ??= openDatabase(factory, name);
    return database;
  };
}

/** The opener a store was given, or one on the IndexedDB factory it was given instead (tests). */
export function openerOf(source: IDBFactory | DatabaseOpener, databaseName: string): DatabaseOpener {
  return typeof source === 'function' ? source : createDatabaseOpener(source, databaseName);
}

const browserOpeners = new Map<string, DatabaseOpener>();

/** One of this browser profile's databases, by name (never opened during the static prerender). */
export function getBrowserDatabase(name: string): DatabaseOpener {
  let opener = browserOpeners.get(name);
  if (!opener) {
    opener = createDatabaseOpener(indexedDB, name);
    browserOpeners.set(name, opener);
  }
  return opener;
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains(STORES.notes))
        database.createObjectStore(STORES.notes, { keyPath: 'docId' });
      // Auto-incremented keys keep ops in the order they were made, which is the order they must be sent in.
      if (!database.objectStoreNames.contains(STORES.outbox)) {
        database.createObjectStore(STORES.outbox, { keyPath: 'seq', autoIncrement: true });
      }
      if (!database.objectStoreNames.contains(STORES.snapshot)) database.createObjectStore(STORES.snapshot);
      // One record per file (its bytes as a Blob, which browsers keep on disk), keyed by the file's docId.
      if (!database.objectStoreNames.contains(STORES.uploads)) {
        database.createObjectStore(STORES.uploads, { keyPath: 'docId' });
      }
      if (!database.objectStoreNames.contains(STORES.meanings)) {
        database.createObjectStore(STORES.meanings, { keyPath: 'docId' });
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

/** The result of one request, as a promise. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `work` in one read/write transaction and resolves once it committed. */
export function writeTransaction(
  database: IDBDatabase,
  storeName: string,
  work: (store: IDBObjectStore) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(storeName, 'readwrite');
    work(transaction.objectStore(storeName));
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}
