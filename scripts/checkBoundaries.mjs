#!/usr/bin/env node
// Checks the package boundaries Biome can't see: every workspace depends only on ours of a lower layer
// (packageLayers.mjs: markdown, then core, then semantic and sync-client, then the apps), the pure packages
// (markdown, core) compile without DOM or Node types (so `fetch`, `setTimeout`, `process`, `window` can't
// creep in), `@baalda/markdown/testing` is imported by tests only, inside the relay every import points down a layer (relayLayers.mjs),
// and the CLI talks to the relay over the network only, so its sources import nothing of the relay and its
// tests only `baalda-relay/testing`; the benches reach an app only through the entries its package.json
// exports (benchImports.mjs, BEN16). Biome's noRestrictedImports guards core's import lines themselves.
// `--relay-src DIR` checks another copy of the relay's sources (the check's own test plants a bad import).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchImportProblems } from './benchImports.mjs';
import { PURE_PACKAGES, packageLayerProblems, pureTsconfigProblems } from './packageLayers.mjs';
import { relayLayerProblems, sqlOutsideItsPlaceProblems, undeclaredRouteProblems } from './relayLayers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const problems = [];

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root }).toString().split('\0').filter(Boolean);
const workspaces = tracked
  .filter((path) => /^(packages|apps)\/[^/]+\/package\.json$|^e2e\/package\.json$/.test(path))
  .map((path) => path.slice(0, -'/package.json'.length));
const manifests = Object.fromEntries(workspaces.map((folder) => [folder, readJson(`${folder}/package.json`)]));
problems.push(...packageLayerProblems(manifests));
for (const folder of PURE_PACKAGES) {
  problems.push(...pureTsconfigProblems(folder, readJson(`${folder}/tsconfig.json`).compilerOptions));
}

// The arbitraries behind `@baalda/markdown/testing` need fast-check, which only tests install.
const TEST_FILE = /\.(test|spec)\.tsx?$|(^|\/)test\/|^e2e\//;
for (const path of tracked.filter((path) => /\.(ts|tsx|mts)$/.test(path) && !TEST_FILE.test(path))) {
  if (readFileSync(join(root, path), 'utf8').includes("'@baalda/markdown/testing'"))
    problems.push(`${path} imports @baalda/markdown/testing (tests only)`);
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

const apps = ['apps/relay', 'apps/cli', 'apps/web'].map((dir) => {
  const manifest = readJson(`${dir}/package.json`);
  return { dir, name: manifest.name, entries: Object.keys(manifest.exports ?? {}) };
});
const benchFiles = sourceFiles(join(root, 'bench')).map((file) => ({
  path: file.slice(root.length + 1),
  text: readFileSync(file, 'utf8'),
}));
problems.push(...benchImportProblems(benchFiles, apps));

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
