#!/usr/bin/env node
// Fails when docs/ARCHITECTURE.md's tree names a folder that is gone or leaves out a source folder
// (architectureTree.mjs). The folders are those git tracks files in.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { architectureProblems, treeEntries } from './architectureTree.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const architecture = readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
/** The folders whose direct subfolders must each be named in the tree. */
const SOURCE_ROOTS = ['src', 'lib', 'components', 'test'];

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root }).toString().split('\0').filter(Boolean);
const folders = new Map();
const required = new Map();
for (const workspace of treeEntries(architecture).keys()) {
  const inside = new Set();
  const needed = new Set();
  for (const path of tracked) {
    if (!path.startsWith(`${workspace}/`)) continue;
    const parts = path
      .slice(workspace.length + 1)
      .split('/')
      .slice(0, -1);
    for (let depth = 1; depth <= parts.length; depth += 1) inside.add(parts.slice(0, depth).join('/'));
    if (parts.length >= 2 && SOURCE_ROOTS.includes(parts[0]) && parts[1] !== 'generated') {
      needed.add(`${parts[0]}/${parts[1]}`);
    }
  }
  folders.set(workspace, inside);
  required.set(workspace, needed);
}

const problems = architectureProblems(architecture, folders, required);
for (const problem of problems) console.error(`architecture: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`architecture: the tree names ${[...folders.keys()].length} workspaces' folders as they are`);
