#!/usr/bin/env node
// Build stamps: a fingerprint of a build's sources written next to its output, so `npm start` rebuilds
// exactly when a source changed, whoever built last (start.mjs, turbo, or a developer by hand).
// `node scripts/buildStamps.mjs web|prisma|relay|cli` records that the build just finished.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Build outputs and files tools regenerate on their own; hashing them would make every build look stale.
const SKIPPED = new Set(['node_modules', '.next', 'out', '.turbo', 'generated', 'test-results', 'next-env.d.ts']);

/** What each build reads, and where its stamp lives. */
export const BUILDS = {
  web: {
    sources: [
      'apps/web',
      'packages/core/src',
      'packages/markdown/src',
      'packages/semantic/src',
      'packages/sync-client/src',
      'package-lock.json',
    ],
    stamp: 'apps/web/out/.stamp',
  },
  prisma: { sources: ['prisma'], stamp: 'apps/relay/src/generated/.stamp' },
  relay: {
    sources: [
      'apps/relay/src',
      'apps/relay/build.mjs',
      'packages/core/src',
      'packages/markdown/src',
      'packages/semantic/src',
      'packages/sync-client/src',
      'prisma',
      'package-lock.json',
    ],
    stamp: 'apps/relay/dist/.stamp',
  },
  cli: {
    sources: [
      'apps/cli/src',
      'apps/cli/package.json',
      'packages/core/src',
      'packages/markdown/src',
      'packages/sync-client/src',
      'package-lock.json',
    ],
    stamp: 'apps/cli/dist/.stamp',
  },
};

function hashTree(hash, path) {
  if (statSync(path).isFile()) {
    hash.update(relative(root, path)).update(readFileSync(path));
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED.has(entry.name) || /\.(test\.tsx?|tsbuildinfo)$/.test(entry.name)) continue;
    hashTree(hash, join(path, entry.name));
  }
}

function fingerprint(build) {
  const hash = createHash('sha256');
  for (const source of build.sources) if (existsSync(join(root, source))) hashTree(hash, join(root, source));
  return hash.digest('hex');
}

/** True when the build's output matches its sources as they are now. */
export function isBuildCurrent(name) {
  const stamp = join(root, BUILDS[name].stamp);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint(BUILDS[name]);
}

/** Records that the build's output now matches its sources. */
export function stampBuild(name) {
  writeFileSync(join(root, BUILDS[name].stamp), fingerprint(BUILDS[name]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = process.argv[2];
  if (!(name in BUILDS)) {
    console.error(`usage: node scripts/buildStamps.mjs ${Object.keys(BUILDS).join('|')}`);
    process.exit(2);
  }
  stampBuild(name);
}
