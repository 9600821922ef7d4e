// `npm run test:system`: the system suite's long profile (apps/cli/test/system: two devices, a mirrored
// folder and an assistant writing at once through faulty links while the relay and the mirror are SIGKILLed).
// Runs seeds no `npm test` run uses, in batches of 10 per relay restart, and prints how many passed, which
// failed (each replays with BAALDA_SYSTEM_SEED=N BAALDA_SYSTEM_PROFILE=long) and the time per seed.
//   --seeds N   how many seeds (default 500)
//   --first K   the first seed (default 100000; `npm test` uses 1…)
//   --jobs J    test processes at once, each with a relay of its own and a share of the seeds (default 1)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWholeFlag } from './wholeFlag.mjs';

const cliDir = join(import.meta.dirname, '..', 'apps', 'cli');
const FILE = 'test/system/system.test.ts';

const seeds = readWholeFlag('seeds', 500);
const first = readWholeFlag('first', 100_000);
const jobs = Math.min(readWholeFlag('jobs', 1), seeds);
const outputDir = mkdtempSync(join(tmpdir(), 'baalda-system-'));
const started = Date.now();

/** One test process over `count` seeds from `from`; resolves with its exit code and its JSON report's path. */
function runShard(index, from, count) {
  const report = join(outputDir, `report-${index}.json`);
  const env = {
    ...process.env,
    BAALDA_SYSTEM_PROFILE: 'long',
    BAALDA_SYSTEM_SEEDS: String(count),
    BAALDA_SYSTEM_FIRST: String(from),
  };
  const args = ['vitest', 'run', FILE, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const child = spawn('npx', args, { cwd: cliDir, stdio: 'inherit', env });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, report })));
}

const shards = [];
for (let index = 0, from = first; index < jobs; index += 1) {
  const count = Math.floor(seeds / jobs) + (index < seeds % jobs ? 1 : 0);
  shards.push(runShard(index, from, count));
  from += count;
}
const results = await Promise.all(shards);
const counts = { passed: 0, failed: [] };
for (const { report } of results) countSeeds(report, counts);
rmSync(outputDir, { recursive: true, force: true });
const minutes = (Date.now() - started) / 60_000;
console.log(
  `\nsystem suite, long profile: ${seeds} seeds from ${first} in ${minutes.toFixed(1)} min (${jobs} at once)`,
);
console.log(`  ${counts.passed} seeds passed, ${counts.failed.length} failed${listed(counts.failed)}`);
console.log(`  ${((minutes * 60 * jobs) / seeds).toFixed(1)} s per seed per process`);
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);

// Each test is a batch named "seeds A–B"; a failed batch names its failed seeds ("seeds failed: [..]").
function countSeeds(report, counts) {
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    console.error(`no report from one test process (${report}): it ended before its tests did`);
    return;
  }
  for (const file of json.testResults) {
    for (const test of file.assertionResults) {
      const range = /seeds (\d+)–(\d+)/.exec(test.title);
      if (!range) continue;
      const size = Number(range[2]) - Number(range[1]) + 1;
      const failed = failedSeeds(test);
      counts.failed.push(...failed);
      counts.passed += test.status === 'passed' ? size : size - failed.length;
    }
  }
}

function failedSeeds(test) {
  if (test.status === 'passed') return [];
  const named = /seeds failed: (\[[\d, ]*\])/.exec(test.failureMessages.join('\n'));
  if (named) return JSON.parse(named[1]);
  // A batch that ended without naming its seeds (a timeout): every seed in it counts as failed.
  const range = /seeds (\d+)–(\d+)/.exec(test.title);
  return Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, index) => Number(range[1]) + index);
}

function listed(failed) {
  return failed.length === 0 ? '' : `: ${failed.join(', ')}`;
}
