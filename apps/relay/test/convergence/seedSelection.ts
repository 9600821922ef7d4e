import { type ChaosProfile, CI_PROFILE, LONG_PROFILE } from './chaosPlan';

/**
 * Which seeds a convergence file runs. CI runs the fast profile over fixed seed ranges; the long profile
 * and replays are chosen by environment:
 * - `BAALDA_CONVERGENCE_SEED=N` replays seed N alone (the number a failure prints);
 * - `BAALDA_CONVERGENCE_SEEDS=N` runs N seeds from `BAALDA_CONVERGENCE_FIRST` (default: the file's first);
 * - `BAALDA_CONVERGENCE_PROFILE=long` makes each run longer and rougher (`npm run test:convergence`);
 * - `BAALDA_CONVERGENCE_PARALLEL=N` runs N seeds at once on the same relays (default 4).
 */
export function selectSeeds(defaults: { first: number; count: number }): {
  seeds: number[];
  profile: ChaosProfile;
  parallel: number;
} {
  const env = process.env;
  const profile = env.BAALDA_CONVERGENCE_PROFILE === 'long' ? LONG_PROFILE : CI_PROFILE;
  const parallel = readWhole(env.BAALDA_CONVERGENCE_PARALLEL, 'BAALDA_CONVERGENCE_PARALLEL') ?? 4;
  const single = readWhole(env.BAALDA_CONVERGENCE_SEED, 'BAALDA_CONVERGENCE_SEED');
  if (single !== undefined) return { seeds: [single], profile, parallel };
  const count = readWhole(env.BAALDA_CONVERGENCE_SEEDS, 'BAALDA_CONVERGENCE_SEEDS') ?? defaults.count;
  const first = readWhole(env.BAALDA_CONVERGENCE_FIRST, 'BAALDA_CONVERGENCE_FIRST') ?? defaults.first;
  return {
    seeds: Array.from({ length: count }, (_, index) => first + index),
    profile,
    parallel: Math.max(1, parallel),
  };
}

/** Splits seeds into batches: the database is checked (and a PGlite relay restarted) once per batch. */
export function batchesOf(seeds: readonly number[], size: number): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < seeds.length; start += size) batches.push(seeds.slice(start, start + size));
  return batches;
}

function readWhole(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
}

/**
 * Runs `work` over `items`, `parallel` at a time; the first failure is thrown once all running work ends.
 * Runs share the relays, so one run's relay kill is one more fault for those beside it.
 */
export async function runPooled<T, R>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (next < items.length && failure === null) {
      const item = items[next++] as T;
      try {
        results.push(await work(item));
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  if (failure !== null) throw failure;
  return results;
}

/** Names the seed in any failure, with the command that replays it. */
export async function replayable<T>(seed: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    (error as Error).message =
      `seed ${seed} failed (replay: BAALDA_CONVERGENCE_SEED=${seed} npx vitest run test/convergence): ${(error as Error).message}`;
    // A batch reports its first failure only once every seed in it has ended; a long run says it at once.
    if (process.env.BAALDA_CONVERGENCE_DEBUG) console.log(`FAILED ${(error as Error).message.slice(0, 1500)}`);
    throw error;
  }
}
