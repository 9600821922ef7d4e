import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../src/db/openDatabase';

/** A database a test may use, and how to throw it away. */
export interface TestBackend {
  readonly name: 'pglite' | 'postgres';
  create(): Promise<{ target: DatabaseTarget; dispose(): Promise<void> }>;
}

/** A new, empty PGlite folder: start-up creates and migrates it (what the migration tests need). */
export const freshPgliteBackend: TestBackend = {
  name: 'pglite',
  async create() {
    const dataDir = await mkdtemp(join(tmpdir(), 'baalda-test-'));
    return { target: { kind: 'pglite', dataDir }, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  },
};

// Creating and migrating a PGlite folder takes seconds, copying a migrated one a fraction of one: the test
// run migrates one template (globalSetup.ts) and every test gets a copy of it. The relay still runs its
// migrator on the copy at start-up (a no-op), so the start-up path is the one users take on their second start.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (globalSetup.ts); copy it, never open it. */
    pgliteTemplate: string;
  }
}

/** A PGlite folder of its own for each test, already migrated (a copy of one template). */
export const pgliteBackend: TestBackend = {
  name: 'pglite',
  async create() {
    const dataDir = await mkdtemp(join(tmpdir(), 'baalda-test-'));
    await copyFolder(inject('pgliteTemplate'), dataDir);
    return { target: { kind: 'pglite', dataDir }, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  },
};

// The template holds about 1,000 files (39 MB): Node's fs.cp took 440 ms of a core for each copy here,
// coreutils' cp 100 ms, and the relay tests make a copy for most tests.
const execFileAsync = promisify(execFile);
function copyFolder(from: string, to: string): Promise<unknown> {
  return execFileAsync('cp', ['-a', `${from}/.`, to]);
}

// Each test gets a database of its own on the server, so tests never see each other's rows.
function postgresBackend(adminUrl: string): TestBackend {
  return {
    name: 'postgres',
    async create() {
      const name = `baalda_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      await runAdmin(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        target: { kind: 'postgres', url: url.toString() },
        dispose: () => runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
  };
}

/** Runs one statement as the server's admin (creating and dropping test databases). */
export async function runAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * PGlite always; PostgreSQL when BAALDA_TEST_DATABASE_URL names a server. In CI the variable is
 * required, so a misconfigured CI can't quietly test only one backend.
 */
export function testBackends(): TestBackend[] {
  const adminUrl = process.env.BAALDA_TEST_DATABASE_URL?.trim();
  if (!adminUrl && process.env.CI === 'true') {
    throw new Error('CI must set BAALDA_TEST_DATABASE_URL so the relay is tested against PostgreSQL too.');
  }
  return adminUrl ? [pgliteBackend, postgresBackend(adminUrl)] : [pgliteBackend];
}
