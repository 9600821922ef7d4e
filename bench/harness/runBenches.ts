// Runs the chosen benches one after another and gathers what they measured. A bench that throws is
// recorded as failed and the others still run: one broken bench must not cost the rest of a long run.
import type { Bench, BenchOptions } from './benchDefinition';
import type { RunMeasurement } from './measurement';
import type { RunRecord } from './runRecord';

/** What the benches measured, and which of them failed. */
export type BenchResults = Pick<RunRecord, 'benches' | 'failed'> & { measurements: RunMeasurement[] };

/** Checks every bench's options first (a bad flag is refused before anything starts), then runs each. */
export async function runBenches(
  benches: readonly Bench[],
  optionsOf: (bench: Bench) => BenchOptions,
): Promise<BenchResults> {
  for (const bench of benches) bench.check?.(optionsOf(bench));
  const results: BenchResults = { benches: benches.map((bench) => bench.name), failed: [], measurements: [] };
  for (const bench of benches) {
    const started = performance.now();
    console.error(`bench ${bench.name}: ${bench.description}`);
    try {
      const measured = await bench.run(optionsOf(bench));
      results.measurements.push(...measured.map((measurement) => ({ bench: bench.name, ...measurement })));
      console.error(`bench ${bench.name}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } catch (error) {
      console.error(`bench ${bench.name} failed:`, error);
      results.failed.push({ bench: bench.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}
