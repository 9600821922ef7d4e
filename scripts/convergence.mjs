// `npm run test:convergence`: the convergence suite's long profile. Runs the two convergence files
// (one PGlite relay; two relays on PostgreSQL + Redis when BAALDA_TEST_DATABASE_URL and Redis are there) over
// seeds no CI run uses, and prints how many seeds passed per topology.
//   --seeds N     seeds per topology (default 1000)
//   --first K     first seed (default 100000; CI uses 1… and 10001…)
//   --parallel P  seeds at once on the same relays (default 4)
//   --only single|pair  one topology (two runs of the script can then share the machine)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWholeFlag } from './wholeFlag.mjs';

const relayDir = join(import.meta.dirname, '..', 'apps', 'relay');
const FILES = { single: 'test/convergence.single.test.ts', pair: 'test/convergence.pair.test.ts' };

const seeds = readWholeFlag('seeds', 1000);
const first = readWholeFlag('first', 100_000);
const parallel = readWholeFlag('parallel', 4);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
if (only !== null && !(only in FILES)) {
  console.error(`--only takes single or pair, got ${only}`);
  process.exit(2);
}
const files = only ? [FILES[only]] : [FILES.single, FILES.pair];
const outputDir = mkdtempSync(join(tmpdir(), 'baalda-convergence-'));
const report = join(outputDir, 'report.json');
const started = Date.now();
const run = spawnSync(
  'npx',
  ['vitest', 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    cwd: relayDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      BAALDA_CONVERGENCE_PROFILE: 'long',
      BAALDA_CONVERGENCE_SEEDS: String(seeds),
      BAALDA_CONVERGENCE_FIRST: String(first),
      BAALDA_CONVERGENCE_PARALLEL: String(parallel),
    },
  },
);

const counts = countSeeds(JSON.parse(readFileSync(report, 'utf8')));
rmSync(outputDir, { recursive: true, force: true });
console.log(`\nconvergence, long profile (${Math.round((Date.now() - started) / 60_000)} min):`);
for (const [topology, { passed, failed, skipped }] of Object.entries(counts)) {
  console.log(
    `  ${topology.padEnd(6)} ${passed} seeds passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}
process.exit(run.status ?? 1);

// Each test is a batch named "seeds A–B"; a batch passes only if every seed in it did.
function countSeeds(json) {
  const counts = { single: { passed: 0, failed: 0, skipped: 0 }, pair: { passed: 0, failed: 0, skipped: 0 } };
  for (const file of json.testResults) {
    const topology = file.name.endsWith(FILES.pair) ? 'pair' : 'single';
    for (const test of file.assertionResults) {
      const range = /seeds (\d+)–(\d+)/.exec(test.title);
      const size = range ? Number(range[2]) - Number(range[1]) + 1 : 0;
      const status = test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped';
      counts[topology][status] += size;
    }
  }
  return counts;
}
