import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runAdmin } from '../backends';
import { findFreePort, mintOwnerToken, type RelayProcess, spawnRelay, stopRelay, waitForHealth } from '../relayProcess';

/** What the database holds for one note: its stored Yjs state, its index row and its tree row. */
export interface StoredNote {
  readonly state: Uint8Array | null;
  readonly index: { content: string; version: number; path: string; live: boolean } | null;
  readonly note: { path: string; trashed: boolean } | null;
}

/**
 * Relays as production runs them (`src/main.ts` in child processes, so SIGKILL is real): one on PGlite
 * (the default a person gets from `npm start`), or two on one PostgreSQL and one Redis (SCALE1).
 */
export interface RelayCluster {
  readonly kind: 'single' | 'pair';
  readonly syncUrls: readonly string[];
  readonly httpUrl: string;
  readonly token: string;
  kill(index: number): Promise<void>;
  start(index: number): Promise<void>;
  isUp(index: number): boolean;
  /** The database's rows for `docIds`. PGlite belongs to one process: the relay is stopped (SIGTERM) and started again. */
  readStored(docIds: readonly string[]): Promise<Map<string, StoredNote>>;
  /** The lines the relays printed, to explain a failure. */
  logTail(): string;
  close(): Promise<void>;
}

interface Slot {
  readonly port: number;
  readonly dataDir: string;
  process: RelayProcess | null;
}

export async function startSingleRelay(): Promise<RelayCluster> {
  const root = await mkdtemp(join(tmpdir(), 'baalda-conv-'));
  const slots: Slot[] = [{ port: await findFreePort(), dataDir: join(root, 'data'), process: null }];
  const processes = relayProcesses(slots, {});
  await processes.start(0);
  const token = await mintOwnerToken(processes.httpUrl(0));
  return {
    kind: 'single',
    ...processes.surface(token),
    readStored: async (docIds) => {
      await processes.stopGracefully(0);
      try {
        return await readStoredFromPglite(join(slots[0]?.dataDir ?? '', 'pglite'), docIds);
      } finally {
        await processes.start(0);
      }
    },
    close: async () => {
      await processes.stopAll();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export async function startRelayPair(adminUrl: string, redisUrl: string): Promise<RelayCluster> {
  const root = await mkdtemp(join(tmpdir(), 'baalda-conv-pair-'));
  const database = await createDatabase(adminUrl);
  const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, BAALDA_REDIS_PREFIX: `conv-${randomUUID()}` };
  const slots: Slot[] = [];
  for (const name of ['alpha', 'beta'])
    slots.push({ port: await findFreePort(), dataDir: join(root, name), process: null });
  const processes = relayProcesses(slots, env);
  await processes.start(0);
  await processes.start(1);
  const token = await mintOwnerToken(processes.httpUrl(0));
  return {
    kind: 'pair',
    ...processes.surface(token),
    readStored: (docIds) => readStoredFromPostgres(database.url, docIds),
    close: async () => {
      await processes.stopAll();
      await database.drop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

function relayProcesses(slots: Slot[], env: NodeJS.ProcessEnv) {
  const slotAt = (index: number) => slots[index] as Slot;
  const log: string[] = [];
  const start = async (index: number) => {
    const slot = slotAt(index);
    slot.process = spawnRelay(slot.port, slot.dataDir, env);
    const started = slot.process;
    started.exited.then(() => log.push(...started.lines.slice(-20).map((line) => `[relay ${index}] ${line}`)));
    await waitForHealth(started, 60_000);
  };
  const stop = async (index: number, signal: NodeJS.Signals) => {
    const slot = slotAt(index);
    if (slot.process) await stopRelay(slot.process, signal);
    slot.process = null;
  };
  return {
    start,
    httpUrl: (index: number) => `http://127.0.0.1:${slotAt(index).port}`,
    stopGracefully: (index: number) => stop(index, 'SIGTERM'),
    stopAll: () => Promise.all(slots.map((_, index) => stop(index, 'SIGKILL'))),
    surface: (token: string) => ({
      syncUrls: slots.map((slot) => `ws://127.0.0.1:${slot.port}/sync`),
      httpUrl: `http://127.0.0.1:${slotAt(0).port}`,
      token,
      kill: (index: number) => stop(index, 'SIGKILL'),
      start,
      isUp: (index: number) => slotAt(index).process !== null,
      logTail: () =>
        [
          ...log.slice(-40),
          ...slots.flatMap((slot, index) =>
            (slot.process?.lines ?? []).slice(-40).map((line) => `[relay ${index}, running] ${line}`),
          ),
        ].join('\n'),
    }),
  };
}

const STORED_SQL = `
  SELECT n.doc_id, d.state, i.content, i.version, i.path AS index_path, i.live, n.path, n.deleted_at
  FROM note n
  LEFT JOIN note_document d ON d.doc_id = n.doc_id
  LEFT JOIN note_index i ON i.doc_id = n.doc_id
  WHERE n.doc_id = ANY($1)`;

interface StoredRow {
  doc_id: string;
  state: Uint8Array | null;
  content: string | null;
  version: string | number | null;
  index_path: string | null;
  live: boolean | null;
  path: string;
  deleted_at: Date | null;
}

function toStoredNote(row: StoredRow): StoredNote {
  return {
    state: row.state ? new Uint8Array(row.state) : null,
    index:
      row.content === null
        ? null
        : { content: row.content, version: Number(row.version), path: row.index_path ?? '', live: row.live === true },
    note: { path: row.path, trashed: row.deleted_at !== null },
  };
}

async function readStoredFromPglite(pgliteDir: string, docIds: readonly string[]): Promise<Map<string, StoredNote>> {
  const db = await PGlite.create(pgliteDir);
  try {
    const { rows } = await db.query<StoredRow>(STORED_SQL, [docIds]);
    return new Map(rows.map((row) => [row.doc_id, toStoredNote(row)]));
  } finally {
    await db.close();
  }
}

async function readStoredFromPostgres(url: string, docIds: readonly string[]): Promise<Map<string, StoredNote>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<StoredRow>(STORED_SQL, [docIds]);
    return new Map(rows.map((row) => [row.doc_id, toStoredNote(row)]));
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `baalda_conv_${process.pid}_${randomUUID().slice(0, 8)}`;
  await runAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
