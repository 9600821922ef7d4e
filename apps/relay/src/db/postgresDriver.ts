import type { Pool, PoolClient } from 'pg';
import type { SqlDriver } from './sqlDriver';

/** A pool-backed driver; `withSession` checks one connection out for the whole piece of work. */
export function createPostgresDriver(pool: Pool): SqlDriver {
  return {
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query(sql, [...params])).rows as Row[],
    withSession: async (work) => {
      const client = await pool.connect();
      try {
        return await work(createSessionDriver(client));
      } finally {
        client.release();
      }
    },
  };
}

function createSessionDriver(client: PoolClient): SqlDriver {
  const session: SqlDriver = {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, [...params])).rows as Row[],
    withSession: (work) => work(session),
  };
  return session;
}
