import DataLoader from 'dataloader';

/** Most keys one statement carries: a bound on its parameters. */
export const KEYS_PER_STATEMENT = 500;

/** Reads the rows for distinct keys; a key with no row is absent from the answer. */
export type ReadMany<V> = (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>;

/**
 * One key's read, gathered with the others asked for in the same turn of the event loop into one
 * statement. A device that opens 2,000 notes on one socket sends their frames together; read one query
 * each, they cost the embedded database most of a core (about 1.5 ms of planning per statement).
 * Nothing is kept between batches: every answer comes from a statement sent after it was asked for, so
 * it is exactly as fresh as the single query it replaces, and access decisions never see an older state.
 */
export function batchedRead<V>(readMany: ReadMany<V>): (key: string) => Promise<V | null> {
  const loader = new DataLoader<string, V | null>(
    async (keys) => {
      const found = await readMany([...new Set(keys)]);
      return keys.map((key) => found.get(key) ?? null);
    },
    {
      cache: false,
      maxBatchSize: KEYS_PER_STATEMENT,
      // After the frames already read from the sockets are handled, not only after the current promise jobs.
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    },
  );
  return (key) => loader.load(key);
}
