import { type ChaosProfile, LONG_PROFILE } from './chaosPlan';
import { runChaosSeed } from './chaosRun';
import { type ConvergedRun, checkStored } from './convergenceChecks';
import type { RelayCluster } from './relayCluster';
import { replayable, runPooled } from './seedSelection';

/** A seed that once failed, run as a test of its own with the profile it failed under. */
export interface PinnedSeed {
  readonly seed: number;
  readonly profile: ChaosProfile;
  /** What went wrong, and what fixed it. */
  readonly why: string;
}

/** Found by the long profile (`npm run test:convergence`). */
export function pinnedLong(seed: number, why: string): PinnedSeed {
  return { seed, profile: LONG_PROFILE, why };
}

/** A batch's time limit: each seed's share plus a relay restart and the database check. */
export function batchTimeout(size: number): number {
  return size * 15_000 + 120_000;
}

/**
 * Runs seeds on a cluster, `parallel` at a time, then checks the database against every run (CONV4). A
 * failure names its seed and ends with the relays' last output lines.
 */
export async function runSeedBatch(
  cluster: RelayCluster,
  seeds: readonly number[],
  profile: ChaosProfile,
  parallel: number,
): Promise<void> {
  const runs: ConvergedRun[] = await runPooled(seeds, parallel, (seed) =>
    replayable(seed, () => runChaosSeed(cluster, seed, profile)),
  ).catch((error: Error) => {
    error.message += `\nrelay output:\n${cluster.logTail()}`;
    throw error;
  });
  await checkStored(cluster, runs);
}
