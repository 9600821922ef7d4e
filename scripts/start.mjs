#!/usr/bin/env node
// `npm start`: the one command a newcomer runs. Installs dependencies if they are missing, generates the
// Prisma client and builds the web app only when their sources changed since the last build, then runs
// the relay in this process (it serves the app, the sync WebSocket and the API on one port).
// Plain Node on purpose: it must work before `npm ci` has run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'out', '.turbo', 'generated', 'test-results']);

function run(command, args) {
  console.log(`[start] ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

// A fingerprint of every source file under `paths`, so a rebuild happens exactly when something changed.
function fingerprint(paths) {
  const hash = createHash('sha256');
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (!/\.test\.tsx?$/.test(entry.name)) hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  for (const dir of paths) {
    const path = join(root, dir);
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) visit(path);
    else hash.update(dir).update(readFileSync(path));
  }
  return hash.digest('hex');
}

function isStampCurrent(stampPath, print) {
  return existsSync(stampPath) && readFileSync(stampPath, 'utf8') === print;
}

function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) return;
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

function ensurePrismaClient() {
  const print = fingerprint(['prisma']);
  const stamp = join(root, 'apps', 'relay', 'src', 'generated', '.stamp');
  if (isStampCurrent(stamp, print)) return;
  run(process.execPath, [join(root, 'scripts', 'prismaGenerate.mjs')]);
  writeFileSync(stamp, print);
}

function ensureWebBuild() {
  const print = fingerprint(['apps/web', 'packages/core/src', 'package-lock.json']);
  const stamp = join(root, 'apps', 'web', 'out', '.stamp');
  if (isStampCurrent(stamp, print)) return;
  run(npm, ['run', 'build', '-w', 'baalda-web']);
  writeFileSync(stamp, print);
}

ensureDependencies();
ensurePrismaClient();
ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(join(root, 'apps', 'relay', 'src', 'main.ts')).href);
