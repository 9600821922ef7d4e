/**
 * The few raw SQL operations the relay needs below Prisma: running migration files (several statements
 * at once, which Prisma's prepared statements can't) and taking advisory locks on one session.
 */
export interface SqlDriver {
  /** Runs one or more statements with no parameters and no result. */
  exec(sql: string): Promise<void>;
  /** Runs one parameterized statement and returns its rows. */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs `work` on one session (connection), so session-scoped locks and transactions hold. */
  withSession<T>(work: (session: SqlDriver) => Promise<T>): Promise<T>;
}
