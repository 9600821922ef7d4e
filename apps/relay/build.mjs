#!/usr/bin/env node
// Compiles the relay once into `dist/`: the server, the extraction child it forks, and (with --tests) the
// worker programs the tests start. esbuild bundles our own TypeScript (the app and the @baalda packages) and
// leaves every installed package to Node, so nothing is compiled when a process starts.
// `node build.mjs [--tests]`; writes the `relay` build stamp (scripts/buildStamps.mjs) when done.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { stampBuild } from '../../scripts/buildStamps.mjs';

const here = import.meta.dirname;
const PRODUCTION_ENTRIES = {
  main: 'src/main.ts',
  extractionChild: 'src/attachments/extraction/extractionChild.ts',
};
// Programs only tests start: compiled like the relay so that no test pays for a TypeScript loader.
const TEST_ENTRIES = { attackWorker: 'test/attackWorker.ts' };
// Bundled CommonJS (the generated Prisma client) calls `require`, which an ES module has to make for itself.
const REQUIRE_SHIM =
  "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

/** Our workspace packages are TypeScript sources, so they are bundled; every other package stays external. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@baalda/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildRelay({ tests = false } = {}) {
  const entryPoints = { ...PRODUCTION_ENTRIES, ...(tests ? TEST_ENTRIES : {}) };
  // Chunk names carry a content hash: without a clean folder every build would leave the last one's behind.
  await rm(join(here, 'dist'), { recursive: true, force: true });
  await build({
    absWorkingDir: here,
    entryPoints,
    outdir: join(here, 'dist'),
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
  stampBuild('relay');
}

if (process.argv[1] === import.meta.filename) await buildRelay({ tests: process.argv.includes('--tests') });
