// The embedded backend (the default): PGlite in a data folder this process holds locked.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { lockDataDir } from './dataDirLock';
import type { Database } from './openDatabase';
import { createPgliteDriver } from './pgliteDriver';

const BYTEA_OID = 17;

// PGlite's own bytea serializer builds one string per byte: a 10 MB note's state took seconds of the
// main loop (and as much again in garbage collection) at every store, stalling every other client.
const FAST_SERIALIZERS = {
  [BYTEA_OID]: (bytes: Uint8Array) =>
    `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`,
};

// PostgreSQL's default shared_buffers (128 MB) is set up in WebAssembly memory at every open: about 0.4 s of
// a 1 s open here, and 128 MiB resident. PGlite has one connection and its files sit in the OS page cache,
// so 16 MB holds a team's working set; passed at every start, it leaves postgresql.conf as initdb wrote it.
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  const db = await PGlite.create(join(dataDir, 'pglite'), {
    serializers: FAST_SERIALIZERS,
    startParams: START_PARAMS,
  }).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
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
