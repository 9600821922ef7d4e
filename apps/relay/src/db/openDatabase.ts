import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import { lockDataDir } from './dataDirLock';
import { applyMigrations, readMigrations } from './migrate';
import { createPgliteDriver } from './pgliteDriver';
import { createPostgresDriver } from './postgresDriver';
import type { SqlDriver } from './sqlDriver';

/** Where the relay keeps its data: a PostgreSQL server, or PGlite files in a folder (the default). */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** An open, migrated database. Everything above this line is the same code for both backends. */
export interface Database {
  readonly backend: DatabaseTarget['kind'];
  readonly prisma: PrismaClient;
  readonly sql: SqlDriver;
  close(): Promise<void>;
}

/** The migrations folder shipped with the repository. */
export const MIGRATIONS_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'prisma', 'migrations');

/** Opens the target and applies pending migrations before anything else may touch it. */
export async function openDatabase(target: DatabaseTarget, migrationsDir = MIGRATIONS_DIR): Promise<Database> {
  const database = target.kind === 'postgres' ? openPostgres(target.url) : await openPglite(target.dataDir);
  try {
    await applyMigrations(database.sql, await readMigrations(migrationsDir));
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a failover, an admin) is reported here; without a
  // listener Node would crash the relay. The pool opens a fresh connection on the next query.
  pool.on('error', (error) => console.error(`[relay] warn: PostgreSQL dropped an idle connection: ${error.message}`));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    backend: 'postgres',
    prisma,
    sql: createPostgresDriver(pool),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

const BYTEA_OID = 17;

// PGlite's own bytea serializer builds one string per byte: a 10 MB note's state took seconds of the
// main loop (and as much again in garbage collection) at every store, stalling every other client.
const FAST_SERIALIZERS = {
  [BYTEA_OID]: (bytes: Uint8Array) =>
    `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`,
};

async function openPglite(dataDir: string): Promise<Database> {
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
