import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../src/db/migrate';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/openDatabase';
import { freshPgliteBackend, pgliteBackend, testBackends } from './backends';

// Migrations need a folder start-up has never touched, not the pre-migrated copy other tests share.
const unmigrated = testBackends().map((backend) => (backend.name === 'pglite' ? freshPgliteBackend : backend));

describe.each(unmigrated)('migrations on $name', (backend) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('[DB1] start-up applies every migration once, recorded the way `prisma migrate` records them', async () => {
    const database = await backend.create();
    cleanups.push(() => database.dispose());
    const first = await openDatabase(database.target);
    cleanups.push(() => first.close());
    const rows = await first.sql.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      applied_steps_count: number;
    }>('SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations"');
    const files = await readMigrations(MIGRATIONS_DIR);
    expect(rows.map((row) => [row.migration_name, row.checksum, row.applied_steps_count])).toEqual(
      files.map((file) => [file.name, file.checksum, 1]),
    );
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    expect(await applyMigrations(first.sql, files)).toEqual([]);
  });

  it('[DB2] a migration edited after it was applied stops start-up instead of guessing', async () => {
    const database = await backend.create();
    cleanups.push(() => database.dispose());
    const opened = await openDatabase(database.target);
    await opened.close();
    const edited = await mkdtemp(join(tmpdir(), 'baalda-migrations-'));
    cleanups.push(() => rm(edited, { recursive: true, force: true }));
    await cp(MIGRATIONS_DIR, edited, { recursive: true });
    const firstName = (await readMigrations(MIGRATIONS_DIR))[0]?.name ?? 'missing';
    await writeFile(join(edited, firstName, 'migration.sql'), '-- changed\nSELECT 1;');
    await expect(openDatabase(database.target, edited)).rejects.toThrow(/checksum mismatch/);
  });

  it('[DB3] a failing migration is rolled back and not recorded', async () => {
    const database = await backend.create();
    cleanups.push(() => database.dispose());
    const migrations = await mkdtemp(join(tmpdir(), 'baalda-migrations-'));
    cleanups.push(() => rm(migrations, { recursive: true, force: true }));
    await cp(MIGRATIONS_DIR, migrations, { recursive: true });
    await mkdir(join(migrations, '99990101000000_broken'));
    await writeFile(
      join(migrations, '99990101000000_broken', 'migration.sql'),
      'CREATE TABLE "half" (id int);\nSELECT nope;',
    );
    await expect(openDatabase(database.target, migrations)).rejects.toThrow(
      /99990101000000_broken failed and was rolled back/,
    );
    const reopened = await openDatabase(database.target);
    cleanups.push(() => reopened.close());
    const tables = await reopened.sql.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
    expect(tables).toEqual([]);
  });
});

describe('the embedded database folder', () => {
  it('[DB4] a second relay on the same PGlite folder is refused while the first runs', async () => {
    const database = await pgliteBackend.create();
    const first = await openDatabase(database.target);
    try {
      await expect(openDatabase(database.target)).rejects.toThrow(/Another Baalda relay \(pid \d+\) is using/);
    } finally {
      await first.close();
    }
    const again = await openDatabase(database.target);
    await again.close();
    await database.dispose();
  });
});

describe.each(testBackends().filter((backend) => backend.name === 'postgres'))(
  'a dropped connection on $name',
  (backend) => {
    it('[DB5] the server killing idle connections does not crash the relay; the next query reconnects', async () => {
      const database = await backend.create();
      const opened = await openDatabase(database.target);
      try {
        await opened.sql.query('SELECT 1');
        const [{ name } = { name: '' }] = await opened.sql.query<{ name: string }>('SELECT current_database() AS name');
        const admin = await openDatabase(database.target);
        await admin.sql.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await admin.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await opened.sql.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      } finally {
        await opened.close();
        await database.dispose();
      }
    });
  },
);
