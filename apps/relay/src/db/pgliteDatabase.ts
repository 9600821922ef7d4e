// The embedded backend (the default): PGlite in a data folder this process holds locked.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { RELAY_DIST } from '../support/relayPaths';
import { lockDataDir } from './dataDirLock';
import type { Database } from './openDatabase';
import { createPgliteDriver } from './pgliteDriver';
import { START_PARAMS } from './pgliteParams';
import { yieldBeforeEachStatement } from './pgliteTurns';

const BYTEA_OID = 17;

// PGlite's own bytea serializer builds one string per byte: a 10 MB note's state took seconds of the
// main loop (and as much again in garbage collection) at every store, stalling every other client.
const FAST_SERIALIZERS = {
  [BYTEA_OID]: (bytes: Uint8Array) =>
    `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`,
};

/**
 * Opens PGlite on `folder`, creating the cluster first when there is none. Creating it runs initdb, which
 * leaves hundreds of MiB resident that the process never gives back (freed, but kept by the allocator): a
 * relay started on a fresh folder held them as long as it ran. So a fresh cluster is made by a short-lived
 * process of its own (dist/pgliteInit.mjs), and this process only ever opens an existing one.
 */
async function openInitialized(folder: string): Promise<PGlite> {
  if (!existsSync(join(folder, 'PG_VERSION'))) await initializeApart(folder);
  return PGlite.create(folder, { serializers: FAST_SERIALIZERS, startParams: START_PARAMS });
}

const INIT_ENTRY = join(RELAY_DIST, 'pgliteInit.mjs');

function initializeApart(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(INIT_ENTRY, [folder], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the embedded database in ${folder} failed (${signal ?? code})`)),
    );
  });
}

export async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  const db = await openInitialized(join(dataDir, 'pglite')).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  yieldBeforeEachStatement(db);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  return {
    backend: 'pglite',
    prisma,
    sql: createPgliteDriver(db),
    close: async () => {
      await prisma.$disconnect();
      // PGlite keeps Node alive until closed, and closing flushes its files to disk.
      await db.close();
      await unlock();
    },
  };
}
