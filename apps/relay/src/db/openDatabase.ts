import { join } from 'node:path';
import type { PrismaClient } from '../generated/prisma/client';
import { REPOSITORY_ROOT } from '../support/relayPaths';
import { keepAdapterQueryLogEmpty } from './adapterQueryLog';
import { applyMigrations, readMigrations } from './migrate';
import type { SqlDriver } from './sqlDriver';
import { optimizeOnlyHotWasm } from './wasmTiering';

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
export const MIGRATIONS_DIR = join(REPOSITORY_ROOT, 'prisma', 'migrations');

/** Opens the target and applies pending migrations before anything else may touch it. */
export async function openDatabase(target: DatabaseTarget, migrationsDir = MIGRATIONS_DIR): Promise<Database> {
  optimizeOnlyHotWasm();
  // Each backend's driver is loaded only when it is the one used: start-up loads one, not both.
  const database =
    target.kind === 'postgres'
      ? (await import('./postgresDatabase')).openPostgres(target.url)
      : await (await import('./pgliteDatabase')).openPglite(target.dataDir);
  const stopClearing = await keepAdapterQueryLogEmpty(
    target.kind === 'postgres' ? '@prisma/adapter-pg' : 'pglite-prisma-adapter',
  );
  const opened: Database = {
    ...database,
    close: async () => {
      stopClearing();
      await database.close();
    },
  };
  try {
    await applyMigrations(opened.sql, await readMigrations(migrationsDir));
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}
