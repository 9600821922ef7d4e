import { join } from 'node:path';
import {
  ERROR_ANSWER,
  fail,
  OPS_ANSWER,
  type OpOutcome,
  type Result,
  TRASH_ANSWER,
  TREE_ANSWER,
  type VaultNote,
  type VaultOp,
} from '@baalda/core';
import { randomId } from 'baalda-relay/testing';
import type { z } from 'zod';

type WithoutOpId<Op> = Op extends VaultOp ? Omit<Op, 'opId'> : never;
/** A tree op as a device's person asks for it; the store gives it its op id. */
export type TreeRequest = WithoutOpId<VaultOp>;

/** What a device's sidebar shows, and what its outbox still holds. */
export interface DeviceTreeState {
  readonly notes: readonly VaultNote[];
  readonly trash: readonly VaultNote[];
  readonly pendingOps: number;
}

/** The web app's local vault store (`apps/web/lib/vault/vaultStore.ts`), as far as a device here uses it. */
export interface DeviceTree {
  start(): Promise<void>;
  perform(request: TreeRequest): Promise<OpOutcome>;
  refresh(): Promise<void>;
  flush(): Promise<void>;
  noticeTreeVersion(version: number): void;
  getState(): DeviceTreeState;
}

interface Snapshot {
  readonly version: number;
  readonly notes: readonly VaultNote[];
  readonly folders: readonly string[];
  readonly trash: readonly VaultNote[];
}

interface OutboxEntry {
  readonly seq: number;
  readonly op: VaultOp;
  readonly at: number;
  readonly ackedVersion: number | null;
}

type Call<T> = Promise<Result<T, string>>;

// The web app's store runs here as in a browser, with an outbox kept in memory and the relay reached with a
// token through the device's link. Loaded by path when the run starts: the web's files compile against the
// DOM's types, which the CLI's typecheck has not got, so its shape is declared here (DeviceTree).
const WEB_VAULT_STORE = join(import.meta.dirname, '..', '..', '..', 'web', 'lib', 'vault', 'vaultStore.ts');

/**
 * Starts a device's tree store talking to `url` (the device's link) for `vaultId` with `token`. While
 * `isOnline()` is false nothing is sent, as the web's relay client believes a browser that says it is
 * offline.
 */
export async function openDeviceTree(
  url: string,
  vaultId: string,
  token: string,
  isOnline: () => boolean,
): Promise<DeviceTree> {
  const { createVaultStore } = (await import(/* @vite-ignore */ WEB_VAULT_STORE)) as {
    createVaultStore(deps: unknown): DeviceTree;
  };
  const base = `${url}/api/vaults/${encodeURIComponent(vaultId)}`;
  const store = createVaultStore({
    storage: memoryStorage(),
    fetchSnapshot: () => (isOnline() ? fetchSnapshot(base, token) : offline()),
    postOps: (ops: readonly VaultOp[]) => (isOnline() ? postOps(base, token, ops) : offline()),
    now: Date.now,
    newId: randomId,
  });
  await store.start();
  return store;
}

async function offline() {
  return fail('NETWORK_UNAVAILABLE', 'This device is offline.');
}

async function fetchSnapshot(base: string, token: string): Call<{ snapshot: Snapshot }> {
  const tree = await call(`${base}/tree`, token, TREE_ANSWER);
  if (!tree.ok) return tree;
  const trash = await call(`${base}/trash`, token, TRASH_ANSWER);
  if (!trash.ok) return trash;
  // A batch applied between the two reads makes them disagree; the next treeChanged fetches again.
  const { version, notes, explicitFolders } = tree.answer;
  return { ok: true, snapshot: { version, notes, folders: explicitFolders, trash: trash.answer.notes } };
}

async function postOps(base: string, token: string, ops: readonly VaultOp[]): Call<z.infer<typeof OPS_ANSWER>> {
  const answer = await call(`${base}/ops`, token, OPS_ANSWER, { ops });
  return answer.ok ? { ok: true, ...answer.answer } : answer;
}

/** One request as the web's relay client makes it: unreachable is NETWORK_UNAVAILABLE, a refusal its code. */
export async function call<T>(url: string, token: string, schema: z.ZodType<T>, body?: unknown): Call<{ answer: T }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(8000),
    });
  } catch {
    return fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const refusal = ERROR_ANSWER.safeParse(json);
    if (refusal.success) return fail(refusal.data.error.code, refusal.data.error.message);
    return fail('NETWORK_UNAVAILABLE', `The relay answered ${response.status}.`);
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, answer: parsed.data } : fail('RESPONSE_INVALID', parsed.error.message);
}

/** The outbox and snapshot a browser keeps in IndexedDB, kept in memory (a device here never reloads). */
function memoryStorage() {
  let snapshot: Snapshot | undefined;
  let entries: OutboxEntry[] = [];
  let seq = 0;
  return {
    loadSnapshot: async () => snapshot,
    saveSnapshot: async (next: Snapshot) => {
      snapshot = next;
    },
    listOutbox: async () => [...entries],
    append: async (op: VaultOp, at: number) => {
      seq += 1;
      const entry = { seq, op, at, ackedVersion: null };
      entries.push(entry);
      return entry;
    },
    put: async (entry: OutboxEntry) => {
      entries = entries.map((candidate) => (candidate.seq === entry.seq ? entry : candidate));
    },
    remove: async (seqs: readonly number[]) => {
      entries = entries.filter((entry) => !seqs.includes(entry.seq));
    },
  };
}
