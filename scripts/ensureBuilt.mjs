// Brings what `npm start` and `npm run relays` run up to date: installs dependencies if they are missing,
// then generates the Prisma client, compiles the relay and builds the web app, each only when its sources
// changed since its last build (the stamps of buildStamps.mjs). Plain Node: it must work before `npm ci`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isBuildCurrent, root } from './buildStamps.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  console.log(`[build] ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

function runInBackground(command, args) {
  console.log(`[build] ${command} ${args.join(' ')}`);
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) return;
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

/** Builds what is stale; the relay always, the web app when `web` is set. */
export async function ensureBuilt({ web }) {
  ensureDependencies();
  // The web app needs neither the Prisma client nor the relay, so it builds while they do.
  const webBuilt = web && !isBuildCurrent('web') ? runInBackground(npm, ['run', 'build', '-w', 'baalda-web']) : null;
  try {
    // The relay bundles the generated client, so the client comes first.
    if (!isBuildCurrent('prisma')) run(npm, ['run', 'generate', '-w', 'baalda-relay']);
    if (!isBuildCurrent('relay')) run(npm, ['run', 'build', '-w', 'baalda-relay']);
  } finally {
    await webBuilt;
  }
}
