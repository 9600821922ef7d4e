// The PostgreSQL backend (DATABASE_URL): a connection pool behind Prisma and the raw SQL driver.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import type { Database } from './openDatabase';
import { createPostgresDriver } from './postgresDriver';

export function openPostgres(url: string): Database {
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
