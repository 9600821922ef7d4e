#!/usr/bin/env node
// Runs every test suite after lint and typecheck (`npm test`), arranged for a two-core machine:
//   1. the builds the suites start (the relay, the web app), once;
//   2. two lanes side by side, of about equal length: the unit suites, the relay's and the CLI's scale file;
//      and the end-to-end suite, then the rest of the CLI's. Chromium and the end-to-end relay leave room
//      between their steps that the other lane fills; two vitest suites at once (each runs two files at a
//      time) would only take turns on the two cores;
//   3. alone, once everything else is over: the relay files that compare a latency with a baseline measured
//      in the same file, which another suite's load would make flaky.
// Turbo runs the builds (its task graph knows what each build needs); the lanes are npm scripts, because turbo
// can order two suites only by making one depend on the other. Every suite runs even when another failed, so
// one run reports every failure; the exit code is 1 if any failed. A failed suite's last lines are printed again
// after the summary, so a log that keeps only its end still says what failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** One suite or build: a label for its output lines and the command that runs it. */
const step = (label, command, args) => ({ label, command, args });
const npmScript = (label, script, workspace, ...args) =>
  step(label, npm, ['run', script, '-w', workspace, ...(args.length > 0 ? ['--', ...args] : [])]);
// Each vitest suite also writes a JSON report, read at the end for the table of the slowest files.
const reports = mkdtempSync(join(tmpdir(), 'baalda-suites-'));
const vitestSuite = (label, script, workspace, ...args) =>
  npmScript(
    label,
    script,
    workspace,
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${label}.json`)}`,
  );
// The CLI's longest file (two first mirror runs of 2,000 notes, most of the CLI suite's CPU) runs in the other
// lane from the rest of the CLI's files, so that both lanes end about together.
const CLI_SCALE_FILE = 'test/mirrorScale.test.ts';

const BUILDS = step('build', npx, ['turbo', 'run', 'build', '--filter=baalda-web', '--filter=baalda-relay']);
const LANES = [
  [
    vitestSuite('core', 'test', '@baalda/core'),
    vitestSuite('sync-client', 'test', '@baalda/sync-client'),
    vitestSuite('semantic', 'test', '@baalda/semantic'),
    vitestSuite('web', 'test', 'baalda-web'),
    vitestSuite('relay', 'test', 'baalda-relay'),
    vitestSuite('cli-scale', 'test', 'baalda-cli', CLI_SCALE_FILE),
  ],
  [npmScript('e2e', 'e2e', 'baalda-e2e'), vitestSuite('cli', 'test', 'baalda-cli', '--exclude', CLI_SCALE_FILE)],
];
const ALONE = vitestSuite('relay-measuring', 'test:measuring', 'baalda-relay');
const SLOWEST_FILES = 25;
const FAILURE_TAIL_LINES = 80;

/** Runs one step with its output lines prefixed by its label; resolves with how long it took, whether it passed
 * and its last lines. */
function run({ label, command, args }) {
  const started = Date.now();
  const tail = [];
  const keep = (line) => {
    tail.push(line);
    if (tail.length > FAILURE_TAIL_LINES) tail.shift();
  };
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let partial = '';
      stream.on('data', (chunk) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          out.write(`${label}: ${line}\n`);
          keep(line);
        }
      });
      stream.on('end', () => {
        if (!partial) return;
        out.write(`${label}: ${partial}\n`);
        keep(partial);
      });
    }
    const finish = (passed) => resolve({ label, passed, tail, seconds: Math.round((Date.now() - started) / 1000) });
    child.once('error', (error) => {
      process.stderr.write(`${label}: could not start ${command}: ${error.message}\n`);
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

async function runLane(steps) {
  const results = [];
  for (const next of steps) results.push(await run(next));
  return results;
}

const results = [await run(BUILDS)];
if (results[0].passed) {
  results.push(...(await Promise.all(LANES.map(runLane))).flat());
  results.push(await run(ALONE));
}
for (const { label, passed, tail } of results) {
  if (passed) continue;
  console.log(`\n── ${label} failed; its last ${tail.length} lines ──`);
  for (const line of tail) console.log(`${label}: ${line}`);
}
console.log('\nsuite            result  seconds');
for (const { label, passed, seconds } of results)
  console.log(`${label.padEnd(16)} ${(passed ? 'passed' : 'FAILED').padEnd(7)} ${seconds}`);
printSlowestFiles();
rmSync(reports, { recursive: true, force: true });
process.exitCode = results.every((result) => result.passed) ? 0 : 1;

/** The slowest test files of the vitest suites (from their JSON reports): where a run's time goes. */
function printSlowestFiles() {
  const files = [];
  for (const { label } of results) {
    let report;
    try {
      report = JSON.parse(readFileSync(join(reports, `${label}.json`), 'utf8'));
    } catch {
      continue;
    }
    for (const file of report.testResults ?? []) {
      const seconds = (file.endTime - file.startTime) / 1000;
      if (Number.isFinite(seconds)) files.push({ label, name: file.name.slice(root.length + 1), seconds });
    }
  }
  files.sort((a, b) => b.seconds - a.seconds);
  console.log(`\nslowest test files (of ${files.length})  seconds`);
  for (const { label, name, seconds } of files.slice(0, SLOWEST_FILES))
    console.log(`${label.padEnd(16)} ${name.padEnd(60)} ${seconds.toFixed(0).padStart(5)}`);
}
