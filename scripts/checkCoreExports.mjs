#!/usr/bin/env node
// Fails when core's index exports a name no other workspace uses (coreExports.mjs): such a name is core's
// own business, and exporting it makes it part of what every app may come to depend on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unusedCoreExports } from './coreExports.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const INDEX = 'packages/core/src/index.ts';
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

const others = execFileSync('git', ['ls-files', '-z', 'apps', 'packages', 'e2e', 'bench'], { cwd: root })
  .toString()
  .split('\0')
  .filter((path) => SOURCE.test(path) && !path.startsWith('packages/core/') && !path.includes('/generated/'))
  .map((path) => readFileSync(join(root, path), 'utf8'));
const unused = unusedCoreExports(readFileSync(join(root, INDEX), 'utf8'), others);
for (const name of unused) console.error(`core exports: ${name} is used by no other workspace (${INDEX})`);
if (unused.length > 0) process.exit(1);
console.log('core exports: every name is used outside core');
