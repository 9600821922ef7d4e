import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/openDatabase';
import { pgliteBackend } from './backends';

const STATEMENTS = 20;

/** Counts the event loop's turns while `work` runs: a callback queued with setImmediate, again and again. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

describe('PGlite and the event loop', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openPgliteDatabase(): Promise<Database> {
    const { target, dispose } = await pgliteBackend.create();
    cleanups.push(dispose);
    const database = await openDatabase(target);
    cleanups.push(() => database.close());
    return database;
  }

  it('[DB9] statements run one after another let the event loop turn between them: the driver, Prisma, a transaction', async () => {
    const database = await openPgliteDatabase();
    const driverTurns = await turnsDuring(async () => {
      for (let statement = 0; statement < STATEMENTS; statement += 1) await database.sql.query('SELECT 1');
    });
    const prismaTurns = await turnsDuring(async () => {
      for (let statement = 0; statement < STATEMENTS; statement += 1) await database.prisma.$queryRaw`SELECT 1`;
    });
    const transactionTurns = await turnsDuring(() =>
      database.prisma.$transaction(async (tx) => {
        for (let statement = 0; statement < STATEMENTS; statement += 1) await tx.$queryRaw`SELECT 1`;
      }),
    );
    // Without DB9 each run took one turn or two: PGlite's promises resolve without I/O.
    expect(driverTurns).toBeGreaterThanOrEqual(STATEMENTS);
    expect(prismaTurns).toBeGreaterThanOrEqual(STATEMENTS);
    expect(transactionTurns).toBeGreaterThanOrEqual(STATEMENTS);
  });

  it('[DB9] statements keep their order and a transaction still sees only its own writes until it commits', async () => {
    const database = await openPgliteDatabase();
    await database.sql.exec('CREATE TABLE turn_order (n integer)');
    await Promise.all(
      Array.from({ length: STATEMENTS }, (_, n) => database.sql.query('INSERT INTO turn_order VALUES ($1)', [n])),
    );
    const rows = await database.sql.query<{ n: number }>('SELECT n FROM turn_order');
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: STATEMENTS }, (_, n) => n));

    let seenOutside: number | undefined;
    await database.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO turn_order VALUES (100)`;
      // Asked while the transaction holds PGlite: answered after it commits, with its row.
      void database.sql.query<{ count: number }>('SELECT count(*)::int AS count FROM turn_order').then((found) => {
        seenOutside = found[0]?.count;
      });
      await tx.$executeRaw`INSERT INTO turn_order VALUES (101)`;
      expect(seenOutside).toBeUndefined();
    });
    await database.sql.query('SELECT 1');
    expect(seenOutside).toBe(STATEMENTS + 2);
  });
});
