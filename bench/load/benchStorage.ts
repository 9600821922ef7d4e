import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where a bench relay stores its notes, as its host takes it (argv[2]), and how to throw it away. */
export interface BenchStorage {
  /** A PGlite data folder, or a PostgreSQL connection URL. */
  readonly location: string;
  remove(): Promise<void>;
}

/** Which database a bench relay runs on: PGlite (the default), or a fresh database on a PostgreSQL server. */
export type BenchDatabase = { readonly kind: 'pglite' } | { readonly kind: 'postgres'; readonly adminUrl: string };

/** A fresh, empty place for a bench relay's notes: a temporary folder, or a new database on the server. */
export function createBenchStorage(database: BenchDatabase): Promise<BenchStorage> {
  return database.kind === 'postgres' ? createPostgresDatabase(database.adminUrl) : createPgliteFolder();
}

async function createPgliteFolder(): Promise<BenchStorage> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-load-'));
  return { location: dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

// A database of its own per run, named so that runs beside each other (or a test run) never share rows.
async function createPostgresDatabase(adminUrl: string): Promise<BenchStorage> {
  const name = `baalda_bench_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await runAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    location: url.toString(),
    remove: () => runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function runAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
