import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlDriver } from './sqlDriver';

// The same key `prisma migrate` locks, so the relay and the official CLI never migrate at once.
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

// Prisma's own bookkeeping table, column for column, so `prisma migrate status` agrees with us.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** One folder of prisma/migrations. */
export interface MigrationFile {
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

/** Reads `prisma/migrations/<name>/migration.sql` in name order, as Prisma does. */
export async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  names.sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies every migration not yet recorded, each in its own transaction, under Prisma's advisory lock.
 * Refuses to start on a database whose recorded migration differs from the file (edited after release)
 * or was left half-applied, because guessing there could lose data.
 * @returns the names of the migrations applied now.
 */
export async function applyMigrations(driver: SqlDriver, migrations: readonly MigrationFile[]): Promise<string[]> {
  return driver.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    try {
      await session.exec(CREATE_MIGRATIONS_TABLE);
      const applied = await readApplied(session);
      const pending = migrations.filter((migration) => !isAlreadyApplied(migration, applied));
      for (const migration of pending) await applyOne(session, migration);
      return pending.map((migration) => migration.name);
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    }
  });
}

async function readApplied(session: SqlDriver): Promise<Map<string, AppliedRow>> {
  const rows = await session.query<AppliedRow>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
  );
  return new Map(rows.map((row) => [row.migration_name, row]));
}

function isAlreadyApplied(migration: MigrationFile, applied: Map<string, AppliedRow>): boolean {
  const row = applied.get(migration.name);
  if (!row) return false;
  if (row.finished_at === null) {
    throw new Error(
      `Migration ${migration.name} was started but never finished; inspect the database before retrying.`,
    );
  }
  if (row.checksum !== migration.checksum) {
    throw new Error(`Migration ${migration.name} was changed after it was applied (checksum mismatch).`);
  }
  return true;
}

async function applyOne(session: SqlDriver, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  await session.exec('BEGIN');
  try {
    await session.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
      [id, migration.checksum, migration.name],
    );
    await session.exec(migration.sql);
    await session.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [
      id,
    ]);
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK');
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`);
  }
}
