#!/usr/bin/env node
// Builds the CLI once into dist/baalda.mjs, to run with plain `node`: through tsx every start compiled
// each source file again (one to six seconds on the CI machine), and the tests start the CLI dozens of
// times. Our workspace packages are TypeScript sources, so they are bundled in; every other package stays
// an import resolved from node_modules at run time, as the relay resolves it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { stampBuild } from '../../scripts/buildStamps.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const BUNDLE = join(here, 'dist', 'baalda.mjs');

const isBarePackage = (path) => !path.startsWith('.') && !path.startsWith('/') && !path.startsWith('node:');

/** Leaves every bare import except `@baalda/*` (ours, bundled from source) to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      isBarePackage(path) && !path.startsWith('@baalda/') ? { path, external: true } : undefined,
    );
  },
};

/**
 * Bundles src/main.ts into dist/baalda.mjs and stamps the build (scripts/buildStamps.mjs `cli`). The bundle is
 * written beside and renamed into place: a test suite in the other lane of `npm test` may be starting the
 * CLI from it at that moment, and must find the old bundle or the new one, never half of one.
 */
export async function buildCli() {
  mkdirSync(dirname(BUNDLE), { recursive: true });
  const result = await build({
    entryPoints: [join(here, 'src', 'main.ts')],
    outfile: BUNDLE,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  stampBuild('cli');
  return BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
