import { type RelayCluster, startSingleRelay } from 'baalda-relay/testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { LONG_PROFILE } from './systemPlan';
import { batchesOf, batchTimeout, type PinnedSeed, runSystemBatch, selectSystemSeeds } from './systemSeeds';

// `npm test` runs a few seeds of the fast profile; `npm run test:system` the long one (see systemSeeds.ts).
const { seeds, profile } = selectSystemSeeds({ first: 1, count: 3 });

const PINNED: PinnedSeed[] = [
  {
    seed: 100_002,
    profile: LONG_PROFILE,
    why: "a relay change the running mirror received and saved in .baalda/docs never reached the file (the note was made empty on the relay, the person typed into the empty file, the creator's text came later); a race, seen once",
  },
];

describe('system: devices, a mirrored folder and an assistant write at once through faulty links; the relay (PGlite) and the mirror are SIGKILLed', () => {
  let cluster: RelayCluster;

  beforeAll(async () => {
    cluster = await startSingleRelay();
  }, 90_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  for (const batch of batchesOf(seeds, 10)) {
    it(
      `[SYS1][SYS2][SYS3][SYS4] seeds ${batch[0]}–${batch.at(-1)}: every replica, file, stored document and index row agree, and no acknowledged write is lost`,
      { timeout: batchTimeout(batch.length) },
      () => runSystemBatch(cluster, batch, profile),
    );
  }

  for (const pinned of PINNED) {
    it(`[SYS1] seed ${pinned.seed}, pinned: ${pinned.why}`, { timeout: batchTimeout(1) }, () =>
      runSystemBatch(cluster, [pinned.seed], pinned.profile),
    );
  }
});
