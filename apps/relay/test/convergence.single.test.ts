import { afterAll, beforeAll, describe, it } from 'vitest';
import { runChaosSeed } from './convergence/chaosRun';
import { type ConvergedRun, checkStored } from './convergence/convergenceChecks';
import { type RelayCluster, startSingleRelay } from './convergence/relayCluster';
import { batchesOf, replayable, runPooled, selectSeeds } from './convergence/seedSelection';

const { seeds, profile, parallel } = selectSeeds({ first: 1, count: 40 });

describe('convergence under chaos: one relay on PGlite, SIGKILLed at random (issue 10)', () => {
  let cluster: RelayCluster;

  beforeAll(async () => {
    cluster = await startSingleRelay();
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  for (const batch of batchesOf(seeds, 20)) {
    it(`[CONV1][CONV2][CONV3][CONV4] seeds ${batch[0]}–${batch.at(-1)}: every replica, the relay and the database agree`, {
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
