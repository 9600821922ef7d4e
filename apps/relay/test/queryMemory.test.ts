import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { CLEAR_QUERY_LOG_EVERY_MS } from '../src/db/adapterQueryLog';
import { openDatabase } from '../src/db/openDatabase';
import { testBackends } from './backends';

// A heap reading after a full collection; V8 exposes `gc` only behind a flag, set here at run time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapMiB = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const QUERIES = 20;
const PARAMETER_CHARS = 2_000_000;

for (const backend of testBackends()) {
  describe(`query memory on ${backend.name}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('[DB7] the parameters of queries that ran are not kept: 20 queries of 2 MB leave the heap as it was', async () => {
      const { target, dispose } = await backend.create();
      cleanups.push(dispose);
      const database = await openDatabase(target);
      cleanups.push(() => database.close());
      const before = heapMiB();
      for (let query = 0; query < QUERIES; query += 1)
        await database.prisma.$queryRawUnsafe('SELECT length($1::text) AS n', `${query}`.padEnd(PARAMETER_CHARS, 'x'));
      await new Promise((resolve) => setTimeout(resolve, CLEAR_QUERY_LOG_EVERY_MS + 200));
      // Kept, the parameters alone would be 20 × 2 MB = 38 MiB (twice that with the adapter's copies).
      expect(heapMiB() - before).toBeLessThan(10);
    });
  });
}
