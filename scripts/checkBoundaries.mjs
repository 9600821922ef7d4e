#!/usr/bin/env node
// Checks the package boundaries Biome can't see: core depends on nothing of ours and compiles without
// DOM or Node types (so `fetch`, `setTimeout`, `process`, `window` can't creep in), the apps depend
// on core, never the other way round, inside the relay every import points down a layer (relayLayers.mjs),
// and the CLI talks to the relay over the network only, so its sources import nothing of the relay and its
// tests only `baalda-relay/testing`. Biome's noRestrictedImports guards core's import lines themselves.
// `--relay-src DIR` checks another copy of the relay's sources (the check's own test plants a bad import).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { relayLayerProblems, sqlOutsideItsPlaceProblems, undeclaredRouteProblems } from './relayLayers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const problems = [];

const core = readJson('packages/core/package.json');
const coreDeps = { ...core.dependencies, ...core.peerDependencies };
for (const name of Object.keys(coreDeps)) {
  if (name.startsWith('@baalda/') || name.startsWith('baalda-')) problems.push(`core depends on ${name}`);
}
const coreTsconfig = readJson('packages/core/tsconfig.json').compilerOptions;
if (!Array.isArray(coreTsconfig.types) || coreTsconfig.types.length > 0)
  problems.push('core tsconfig must set "types": []');
if ((coreTsconfig.lib ?? []).some((lib) => lib.toLowerCase().startsWith('dom')))
  problems.push('core tsconfig must not include DOM libs');

// Packages sit below the apps: the sync client and the semantic encoder may use core, never an app.
for (const name of ['sync-client', 'semantic']) {
  const manifest = readJson(`packages/${name}/package.json`);
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    if (dependency.startsWith('baalda-')) problems.push(`${name} depends on the app ${dependency}`);
  }
}

for (const app of ['apps/web', 'apps/relay', 'apps/cli']) {
  const deps = readJson(`${app}/package.json`).dependencies ?? {};
  if (!deps['@baalda/core']) problems.push(`${app} must depend on @baalda/core`);
}

const cli = readJson('apps/cli/package.json');
if (cli.dependencies?.['baalda-relay'])
  problems.push('apps/cli may use baalda-relay in its tests only (devDependencies)');
const IMPORT = /(?:^|\s)(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/g;
for (const folder of ['src', 'test']) {
  for (const file of sourceFiles(join(root, 'apps/cli', folder))) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!isRelayImport(specifier)) continue;
      if (folder === 'test' && specifier === 'baalda-relay/testing') continue;
      problems.push(
        `${file.slice(root.length + 1)} imports ${specifier} (the CLI may import only baalda-relay/testing, in tests)`,
      );
    }
  }
}

const relaySrcFlag = process.argv.indexOf('--relay-src');
const relaySrc = relaySrcFlag >= 0 ? process.argv[relaySrcFlag + 1] : join(root, 'apps', 'relay', 'src');
problems.push(
  ...relayLayerProblems(relaySrc),
  ...sqlOutsideItsPlaceProblems(relaySrc),
  ...undeclaredRouteProblems(relaySrc),
);

if (problems.length > 0) {
  console.error(`Boundary check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('Boundary check passed.');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function isRelayImport(specifier) {
  return specifier.startsWith('baalda-relay') || /(^|\/)apps\/relay(\/|$)|^(\.\.\/)+relay\//.test(specifier);
}
