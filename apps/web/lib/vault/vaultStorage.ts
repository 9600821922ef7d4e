import type { VaultOp } from '@baalda/core';
import {
  type DatabaseOpener,
  getBrowserDatabase,
  openerOf,
  PRE_ACCOUNT_DATABASE_NAME,
  requestResult,
  STORES,
  writeTransaction,
} from '../localDatabase';
import { toVaultSnapshot, type VaultSnapshot } from './vaultSnapshot';

/** One tree op waiting for (or just answered by) the relay. */
export interface OutboxEntry {
  /** Order of creation; ops are sent in this order. */
  readonly seq: number;
  readonly op: VaultOp;
  /** When it was made on this device: replaying it locally uses this time, so rebuilds are stable. */
  readonly at: number;
  /**
   * The relay's tree version after it applied the op, or null while unanswered. An applied op stays until a
   * tree at least that new has been fetched, so the tree never shows it undone in between (even across a
   * reload in that gap).
   */
  readonly ackedVersion: number | null;
}

/** The vault's half of this device's database: the outbox of tree ops and the last snapshot from the relay. */
export interface VaultStorage {
  loadSnapshot(): Promise<VaultSnapshot>;
  saveSnapshot(snapshot: VaultSnapshot): Promise<void>;
  /** Every entry, oldest first. */
  listOutbox(): Promise<OutboxEntry[]>;
  append(op: VaultOp, at: number): Promise<OutboxEntry>;
  /** Replaces an entry (same seq) in place. */
  put(entry: OutboxEntry): Promise<void>;
  remove(seqs: readonly number[]): Promise<void>;
}

// Each vault of each user has a database of its own (account/localNames), so one key per database suffices.
const SNAPSHOT_KEY = 'default';

/** Vault storage on an IndexedDB factory (tests) or on a shared database opener. */
export function createVaultStorage(
  source: IDBFactory | DatabaseOpener,
  databaseName = PRE_ACCOUNT_DATABASE_NAME,
): VaultStorage {
  const open = openerOf(source, databaseName);
  return {
    async loadSnapshot() {
      const store = (await open()).transaction(STORES.snapshot, 'readonly').objectStore(STORES.snapshot);
      return toVaultSnapshot(await requestResult(store.get(SNAPSHOT_KEY)));
    },
    saveSnapshot: async (snapshot) =>
      writeTransaction(await open(), STORES.snapshot, (store) => store.put(snapshot, SNAPSHOT_KEY)),
    async listOutbox() {
      const store = (await open()).transaction(STORES.outbox, 'readonly').objectStore(STORES.outbox);
      const values: unknown[] = await requestResult(store.getAll());
      return values
        .map(toOutboxEntry)
        .filter((entry) => entry !== undefined)
        .sort((a, b) => a.seq - b.seq);
    },
    async append(op, at) {
      let seq = 0;
      await writeTransaction(await open(), STORES.outbox, (store) => {
        const request = store.add({ op, at, ackedVersion: null });
        request.onsuccess = () => {
          seq = Number(request.result);
        };
      });
      return { seq, op, at, ackedVersion: null };
    },
    put: async (entry) => writeTransaction(await open(), STORES.outbox, (store) => store.put(entry)),
    remove: async (seqs) =>
      writeTransaction(await open(), STORES.outbox, (store) => {
        for (const seq of seqs) store.delete(seq);
      }),
  };
}

/** The vault storage in one of this browser's databases. */
export function getVaultStorage(databaseName: string): VaultStorage {
  return createVaultStorage(getBrowserDatabase(databaseName));
}

// The outbox outlives app versions; an entry this build can't read is left out rather than sent.
function toOutboxEntry(value: unknown): OutboxEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  const op = entry.op as VaultOp | undefined;
  if (typeof entry.seq !== 'number' || typeof entry.at !== 'number' || typeof op?.opId !== 'string') return undefined;
  const ackedVersion = typeof entry.ackedVersion === 'number' ? entry.ackedVersion : null;
  return { seq: entry.seq, op, at: entry.at, ackedVersion };
}
