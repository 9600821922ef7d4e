import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'main.ts');
const ESBUILD = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'esbuild');
// Bundled CommonJS dependencies call `require`, which an ES module has to make for itself.
const REQUIRE_SHIM =
  "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

let built: Promise<string> | null = null;

/**
 * The CLI (`src/cli/main.ts`) as one JavaScript file, built once per test process, to run with plain
 * `node <bundle> …`. Through tsx every start compiles each source file again: one to six seconds a start
 * on the CI machine, against a fraction of one for the bundle, and the CLI tests start it dozens of times.
 * It is the same source compiled by the same esbuild tsx uses; `npm run baalda` keeps running it via tsx.
 */
export function cliBundle(): Promise<string> {
  built ??= buildBundle();
  return built;
}

async function buildBundle(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'baalda-cli-bundle-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'cli.mjs');
  await promisify(execFile)(ESBUILD, [
    CLI,
    '--bundle',
    '--platform=node',
    '--format=esm',
    `--outfile=${outfile}`,
    '--log-level=warning',
    `--banner:js=${REQUIRE_SHIM}`,
  ]);
  return outfile;
}
