import type { RelayCluster } from 'baalda-relay/testing';
import { storedFailures } from './storedChecks';
import type { SettledRun } from './systemChecks';
import { FAST_PROFILE, LONG_PROFILE, type SystemProfile } from './systemPlan';
import { runSystemSeed } from './systemRun';

/** A seed that once failed, run as a test of its own with the profile it failed under. */
export interface PinnedSeed {
  readonly seed: number;
  readonly profile: SystemProfile;
  /** What went wrong, and what fixed it (or who is fixing it). */
  readonly why: string;
}

/** A seed that once failed, with the profile it failed under. */
export function pinned(seed: number, profile: SystemProfile, why: string): PinnedSeed {
  return { seed, profile, why };
}

/**
 * Which seeds the system file runs. `npm test` runs the fast profile over a few fixed seeds; the rest is
 * chosen by environment:
 * - `BAALDA_SYSTEM_SEED=N` replays seed N alone (the number a failure prints);
 * - `BAALDA_SYSTEM_SEEDS=N` runs N seeds from `BAALDA_SYSTEM_FIRST` (default: the file's first);
 * - `BAALDA_SYSTEM_PROFILE=long` makes each run longer (`npm run test:system`).
 */
export function selectSystemSeeds(defaults: { first: number; count: number }): {
  seeds: number[];
  profile: SystemProfile;
  /** False when the environment chose the seeds: a replay or a long run skips the pinned ones. */
  withPinned: boolean;
} {
  const env = process.env;
  const profile = env.BAALDA_SYSTEM_PROFILE === 'long' ? LONG_PROFILE : FAST_PROFILE;
  const single = readWhole(env.BAALDA_SYSTEM_SEED, 'BAALDA_SYSTEM_SEED');
  if (single !== undefined) return { seeds: [single], profile, withPinned: false };
  const count = readWhole(env.BAALDA_SYSTEM_SEEDS, 'BAALDA_SYSTEM_SEEDS');
  const first = readWhole(env.BAALDA_SYSTEM_FIRST, 'BAALDA_SYSTEM_FIRST') ?? defaults.first;
  const seeds = Array.from({ length: count ?? defaults.count }, (_, index) => first + index);
  return { seeds, profile, withPinned: count === undefined };
}

/** Splits seeds into batches: the database is checked (and the relay restarted to read it) once per batch. */
export function batchesOf(seeds: readonly number[], size: number): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < seeds.length; start += size) batches.push(seeds.slice(start, start + size));
  return batches;
}

/** A batch's time limit: each seed's share on a loaded machine, plus the database check. */
export function batchTimeout(size: number): number {
  return size * 150_000 + 120_000;
}

/**
 * Runs seeds one after another on the relay (each run's writers already keep both cores busy), then checks
 * the database against every run that agreed. Every seed runs even when one failed; the error lists every
 * failed seed with the command that replays it, then each failure.
 */
export async function runSystemBatch(cluster: RelayCluster, seeds: readonly number[], profile: SystemProfile) {
  const { settled, failures } = await runSeeds(cluster, seeds, profile);
  failures.push(...(await storedFailures(cluster, settled)));
  throwFailures(cluster, profile, failures);
}

/**
 * Runs seeds as runSystemBatch does but leaves their database check for later (checkStoredRuns), so that
 * several tests share one: a PGlite relay is restarted for each check.
 */
export async function runSystemSeeds(cluster: RelayCluster, seeds: readonly number[], profile: SystemProfile) {
  const { settled, failures } = await runSeeds(cluster, seeds, profile);
  throwFailures(cluster, profile, failures);
  return settled;
}

/** The database check of runs that agreed earlier (runSystemSeeds). */
export async function checkStoredRuns(cluster: RelayCluster, runs: readonly SettledRun[], profile: SystemProfile) {
  throwFailures(cluster, profile, await storedFailures(cluster, runs));
}

type Failures = Array<{ seed: number; error: Error }>;

async function runSeeds(cluster: RelayCluster, seeds: readonly number[], profile: SystemProfile) {
  const settled: SettledRun[] = [];
  const failures: Failures = [];
  for (const seed of seeds) {
    const started = Date.now();
    try {
      settled.push(await runSystemSeed(cluster, seed, profile));
    } catch (error) {
      failures.push({ seed, error: error as Error });
      if (process.env.BAALDA_SYSTEM_DEBUG)
        console.log(`seed ${seed} FAILED: ${(error as Error).message.slice(0, 3000)}`);
    }
    if (process.env.BAALDA_SYSTEM_DEBUG) console.log(`seed ${seed}: ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return { settled, failures };
}

function throwFailures(cluster: RelayCluster, profile: SystemProfile, failures: Failures): void {
  if (failures.length === 0) return;
  const seedsFailed = failures.map(({ seed }) => seed);
  const replay = `BAALDA_SYSTEM_SEED=<seed> BAALDA_SYSTEM_PROFILE=${profile.name} npx vitest run test/system`;
  const details = failures.map(({ seed, error }) => `── seed ${seed}: ${error.message}`);
  throw new Error(
    `seeds failed: ${JSON.stringify(seedsFailed)} (replay: ${replay})\n${details.join('\n\n')}\n\nrelay output:\n${cluster.logTail()}`,
  );
}

function readWhole(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
}
