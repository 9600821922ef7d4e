import { isValidDocId } from '@baalda/core';
import {
  type DatabaseOpener,
  getBrowserDatabase,
  openerOf,
  PRE_ACCOUNT_DATABASE_NAME,
  requestResult,
  STORES,
  writeTransaction,
} from '../localDatabase';
import type { PendingUpload } from './uploadTypes';

/** What is stored of an upload: everything but `state`, which is `failed` exactly when a failure is kept. */
export type StoredUpload = Omit<PendingUpload, 'state'>;

/** The uploads half of a scope's database: the files waiting for the relay, with their bytes. */
export interface UploadStorage {
  /** Every stored upload, oldest first. */
  list(): Promise<StoredUpload[]>;
  put(upload: StoredUpload): Promise<void>;
  remove(docId: string): Promise<void>;
}

/** Upload storage on an IndexedDB factory (tests) or on a shared database opener. */
export function createUploadStorage(
  source: IDBFactory | DatabaseOpener,
  databaseName = PRE_ACCOUNT_DATABASE_NAME,
): UploadStorage {
  const open = openerOf(source, databaseName);
  return {
    async list() {
      const store = (await open()).transaction(STORES.uploads, 'readonly').objectStore(STORES.uploads);
      const values: unknown[] = await requestResult(store.getAll());
      return values
        .map(toStoredUpload)
        .filter((upload) => upload !== undefined)
        .sort((a, b) => a.order - b.order);
    },
    put: async (upload) => writeTransaction(await open(), STORES.uploads, (store) => store.put(upload)),
    remove: async (docId) => writeTransaction(await open(), STORES.uploads, (store) => store.delete(docId)),
  };
}

/** The upload storage in one of this browser's databases. */
export function getUploadStorage(databaseName: string): UploadStorage {
  return createUploadStorage(getBrowserDatabase(databaseName));
}

// The queue outlives app versions; a record this build can't read is left out rather than sent.
function toStoredUpload(value: unknown): StoredUpload | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const { docId, path, createdAt, blob, order, failure } = record;
  if (typeof docId !== 'string' || !isValidDocId(docId) || typeof path !== 'string') return undefined;
  if (typeof createdAt !== 'number' || typeof order !== 'number' || !(blob instanceof Blob)) return undefined;
  return { docId, path, createdAt, blob, order, failure: typeof failure === 'string' ? failure : null };
}
