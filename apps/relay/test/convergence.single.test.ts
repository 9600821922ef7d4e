import { afterAll, beforeAll, describe, it } from 'vitest';
import { type RelayCluster, startSingleRelay } from './convergence/relayCluster';
import { batchTimeout, type PinnedSeed, pinnedLong, runSeedBatch } from './convergence/seedBatch';
import { batchesOf, selectSeeds } from './convergence/seedSelection';

const { seeds, profile, parallel } = selectSeeds({ first: 1, count: 30 });

const PINNED: PinnedSeed[] = [
  pinnedLong(
    100002,
    'erin went offline and online within one close handshake and stayed offline (the harness now goes offline as the web app does)',
  ),
];

describe('convergence under chaos: one relay on PGlite, SIGKILLed at random', () => {
  let cluster: RelayCluster;

  beforeAll(async () => {
    cluster = await startSingleRelay();
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  for (const batch of batchesOf(seeds, 20)) {
    it(
      `[CONV1][CONV2][CONV3][CONV4] seeds ${batch[0]}–${batch.at(-1)}: every replica, the relay and the database agree`,
      {
        timeout: batchTimeout(batch.length),
      },
      () => runSeedBatch(cluster, batch, profile, parallel),
    );
  }

  for (const pinned of PINNED) {
    it(`[CONV1] seed ${pinned.seed}, pinned: ${pinned.why}`, { timeout: batchTimeout(1) }, () =>
      runSeedBatch(cluster, [pinned.seed], pinned.profile, 1),
    );
  }
});
