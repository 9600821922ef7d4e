import { afterAll, beforeAll, describe, it } from 'vitest';
import { testBackends } from './backends';
import { runChaosSeed } from './convergence/chaosRun';
import { type ConvergedRun, checkStored } from './convergence/convergenceChecks';
import { type RelayCluster, startRelayPair } from './convergence/relayCluster';
import { batchesOf, replayable, runPooled, selectSeeds } from './convergence/seedSelection';
import { isRedisReachable, TEST_REDIS_URL } from './redisProbe';

const { seeds, profile, parallel } = selectSeeds({ first: 10_001, count: 40 });
const adminUrl = process.env.BAALDA_TEST_DATABASE_URL?.trim();
const postgres = testBackends().some((backend) => backend.name === 'postgres');
// Not in `npm test` for now: in one CI run 2 of its 40 seeds failed (an op unanswered, a client not
// resynced 30 s after healing) and a rerun passed all 40; until that is understood it runs with
// `npm run test:convergence`, which sets BAALDA_CONVERGENCE_PAIR=1.
const requested = process.env.BAALDA_CONVERGENCE_PAIR === '1';
const skipReason = !requested
  ? 'the two-relay convergence runs with `npm run test:convergence` (BAALDA_CONVERGENCE_PAIR=1)'
  : !postgres || !adminUrl
    ? 'BAALDA_TEST_DATABASE_URL is not set: relays can only share PostgreSQL'
    : !(await isRedisReachable(TEST_REDIS_URL))
      ? `Redis is unreachable at ${TEST_REDIS_URL} (set BAALDA_TEST_REDIS_URL)`
      : null;
if (skipReason) console.warn(`[convergence.pair] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('convergence under chaos: two relays on PostgreSQL and Redis (issue 10)', () => {
  let cluster: RelayCluster;

  beforeAll(async () => {
    cluster = await startRelayPair(adminUrl as string, TEST_REDIS_URL);
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  for (const batch of batchesOf(seeds, 20)) {
    it(`[CONV1][CONV2][CONV3][CONV4][SCALE2] seeds ${batch[0]}–${batch.at(-1)}: clients on either relay, both relays and the database agree`, {
      timeout: batch.length * 15_000 + 120_000,
    }, async () => {
      const runs: ConvergedRun[] = await runPooled(batch, parallel, (seed) =>
        replayable(seed, () => runChaosSeed(cluster, seed, profile)),
      ).catch((error: Error) => {
        error.message += `\nrelay output:\n${cluster.logTail()}`;
        throw error;
      });
      await checkStored(cluster, runs);
    });
  }
});
