import { afterAll, beforeAll, describe, it } from 'vitest';
import { testBackends } from './backends';
import { type RelayCluster, startRelayPair } from './convergence/relayCluster';
import { batchTimeout, type PinnedSeed, pinnedLong, runSeedBatch } from './convergence/seedBatch';
import { batchesOf, selectSeeds } from './convergence/seedSelection';
import { isRedisReachable, TEST_REDIS_URL } from './redisProbe';

const { seeds, profile, parallel } = selectSeeds({ first: 10_001, count: 20 });
const PINNED: PinnedSeed[] = [
  pinnedLong(
    200012,
    'dave went offline and online within one close handshake and stayed offline (the harness now goes offline as the web app does)',
  ),
];
const adminUrl = process.env.BAALDA_TEST_DATABASE_URL?.trim();
const postgres = testBackends().some((backend) => backend.name === 'postgres');
// CI runs one batch of 20 (two relays cost more than one); the long profile runs as many as it is given.
const skipReason =
  !postgres || !adminUrl
    ? 'BAALDA_TEST_DATABASE_URL is not set: relays can only share PostgreSQL'
    : !(await isRedisReachable(TEST_REDIS_URL))
      ? `Redis is unreachable at ${TEST_REDIS_URL} (set BAALDA_TEST_REDIS_URL)`
      : null;
if (skipReason) console.warn(`[convergence.pair] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('convergence under chaos: two relays on PostgreSQL and Redis', () => {
  let cluster: RelayCluster;

  beforeAll(async () => {
    cluster = await startRelayPair(adminUrl as string, TEST_REDIS_URL);
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  for (const batch of batchesOf(seeds, 20)) {
    it(
      `[CONV1][CONV2][CONV3][CONV4][SCALE2] seeds ${batch[0]}–${batch.at(-1)}: clients on either relay, both relays and the database agree`,
      {
        timeout: batchTimeout(batch.length),
      },
      () => runSeedBatch(cluster, batch, profile, parallel),
    );
  }

  for (const pinned of PINNED) {
    it(`[CONV1][SCALE2] seed ${pinned.seed}, pinned: ${pinned.why}`, { timeout: batchTimeout(1) }, () =>
      runSeedBatch(cluster, [pinned.seed], pinned.profile, 1),
    );
  }
});
