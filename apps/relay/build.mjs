#!/usr/bin/env node
// Compiles the relay once into `dist/`: the server and the extraction child it forks; and, for a test run,
// the worker programs the tests start into `dist-test/`. esbuild bundles our own TypeScript (the app and the
// @baalda packages) and leaves every installed package to Node, so nothing is compiled when a process starts.
// `node build.mjs [--tests]`; writes the `relay` build stamp (scripts/buildStamps.mjs) when done.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { isBuildCurrent, stampBuild } from '../../scripts/buildStamps.mjs';

const here = import.meta.dirname;
const PRODUCTION_ENTRIES = {
  main: 'src/main.ts',
  extractionChild: 'src/attachments/extraction/extractionChild.ts',
  embeddingWorker: 'src/search/semantic/embeddingWorker.ts',
  pgliteInit: 'src/db/pgliteInit.ts',
};
// Programs only tests start: compiled like the relay so that no test pays for a TypeScript loader.
const TEST_ENTRIES = { attackWorker: 'test/attackWorker.ts' };
// The load benches' server processes: the relay and bare Hocuspocus, measured without a TypeScript loader.
const BENCH_ENTRIES = { relayHost: '../../bench/load/relayHost.ts', bareHost: '../../bench/load/bareHost.ts' };
// Bundled CommonJS (the generated Prisma client) calls `require`, which an ES module has to make for itself.
const REQUIRE_SHIM =
  "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

/**
 * Our workspace packages are TypeScript sources, so they are bundled (the bench hosts reach the relay through
 * `baalda-relay/testing/benchProcesses`); every other package stays external.
 */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(context) {
    const isOurs = (path) => path.startsWith('@baalda/') || path.startsWith('baalda-relay/');
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      isOurs(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the relay into `dist/`, and with `tests` the test programs into `dist-test/`. */
export async function buildRelay({ tests = false } = {}) {
  await bundle(PRODUCTION_ENTRIES, 'dist');
  stampBuild('relay');
  if (tests) await bundle(TEST_ENTRIES, 'dist-test');
}

/**
 * What a test run's global setup calls: the relay is rebuilt only when its sources changed since its last
 * build, because a relay another suite started from `dist/` at the same time (the end-to-end tests run beside
 * the vitest suites) forks and imports from it; the test programs, which only the relay's own tests start,
 * always when `testPrograms` is set.
 */
export async function buildForTests({ testPrograms = false } = {}) {
  if (!isBuildCurrent('relay')) await bundle(PRODUCTION_ENTRIES, 'dist').then(() => stampBuild('relay'));
  if (testPrograms) await bundle(TEST_ENTRIES, 'dist-test');
}

/** Builds the load benches' server processes into `dist-bench/` (the relay's root, so its paths resolve). */
export async function buildBenchHosts() {
  await bundle(BENCH_ENTRIES, 'dist-bench');
}

async function bundle(entryPoints, folder) {
  // Chunk names carry a content hash: without a clean folder every build would leave the last one's behind.
  await rm(join(here, folder), { recursive: true, force: true });
  await build({
    absWorkingDir: here,
    entryPoints,
    outdir: join(here, folder),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Modules loaded with import() become chunks of their own, loaded only when a relay needs them.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    banner: { js: REQUIRE_SHIM },
    plugins: [installedPackagesExternal],
  });
}

if (process.argv[1] === import.meta.filename) await buildRelay({ tests: process.argv.includes('--tests') });
