import type { PGlite } from '@electric-sql/pglite';
import type { SqlDriver } from './sqlDriver';

/** PGlite is one session already, so `withSession` needs no checkout. */
export function createPgliteDriver(db: PGlite): SqlDriver {
  const driver: SqlDriver = {
    async exec(sql) {
      await db.exec(sql);
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(sql, [...params]);
      return result.rows;
    },
    withSession: (work) => work(driver),
  };
  return driver;
}
