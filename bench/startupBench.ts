// `startup`: cold and warm `npm start`, and a relay restarted on its data; with `--startup-baseline DIR` (a
// checkout of an earlier commit with its own `npm ci` done) the same for it, measured in this run.
import { join } from 'node:path';
import { defineBench } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { measureRelayRestart, type RelayCommand } from './relayRestart';
import { measureStartup } from './startup';

const BASELINE = 'baseline checkout';

function withBaseline(name: string, value: number, before: number | undefined): Measurement {
  return { name, unit: 's', value, ...(before === undefined ? {} : { baseline: { label: BASELINE, value: before } }) };
}

/** The start-up measurements, each with the baseline checkout's beside it when there is one. */
export const startupBench = defineBench({
  name: 'startup',
  description:
    'cold and warm `npm start` to first page, relay restart → healthy (PGlite; PostgreSQL with BAALDA_BENCH_DATABASE_URL)',
  flags: {
    'startup-baseline': { type: 'string', description: 'another checkout (its own npm ci done), measured too' },
  },
  inDefaultRun: true,
  run: async (options) => {
    const baseline = options['startup-baseline'];
    const startup = await measureStartup();
    const before = baseline ? await measureStartup(baseline) : undefined;
    // The baseline ran its relay through tsx's loader from source, as its tests did.
    const baselineRelay: RelayCommand | undefined = baseline
      ? ['--import', 'tsx', join(baseline, 'apps', 'relay', 'src', 'main.ts')]
      : undefined;
    const restart = await measureRelayRestart();
    const restartBefore = baselineRelay ? await measureRelayRestart('', baselineRelay) : undefined;
    const measurements = [
      withBaseline('cold `npm start` → first page (after npm ci)', startup.cold, before?.cold),
      withBaseline('warm `npm start` → first page', startup.warm, before?.warm),
      withBaseline('relay restart → healthy, PGlite, after a clean stop', restart.afterStop, restartBefore?.afterStop),
      withBaseline('relay restart → healthy, PGlite, after SIGKILL', restart.afterKill, restartBefore?.afterKill),
    ];
    const postgresUrl = process.env.BAALDA_BENCH_DATABASE_URL;
    if (postgresUrl) {
      const onPostgres = await measureRelayRestart(postgresUrl);
      const onPostgresBefore = baselineRelay ? await measureRelayRestart(postgresUrl, baselineRelay) : undefined;
      const name = 'relay restart → healthy, PostgreSQL, after SIGKILL';
      measurements.push(withBaseline(name, onPostgres.afterKill, onPostgresBefore?.afterKill));
    }
    return measurements;
  },
});
