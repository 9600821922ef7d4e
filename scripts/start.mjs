#!/usr/bin/env node
// `npm start`: the one command a newcomer runs. Installs dependencies if they are missing, generates the
// Prisma client and builds the web app only when their sources changed since the last build, then runs
// the relay in this process (it serves the app, the sync WebSocket and the API on one port).
// Plain Node on purpose: it must work before `npm ci` has run.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './buildStamps.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  console.log(`[start] ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) return;
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

ensureDependencies();
// Both builds write their own stamps when they finish (see buildStamps.mjs).
if (!isBuildCurrent('prisma')) run(npm, ['run', 'generate', '-w', 'baalda-relay']);
if (!isBuildCurrent('web')) run(npm, ['run', 'build', '-w', 'baalda-web']);
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(join(root, 'apps', 'relay', 'src', 'main.ts')).href);
