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

export async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  const db = await PGlite.create(join(dataDir, 'pglite'), { serializers: FAST_SERIALIZERS }).catch(
    async (error: unknown) => {
      await unlock();
      throw error;
    },
  );
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
