// Brings what `npm start` and `npm run relays` run up to date: installs dependencies if they are missing,
// then generates the Prisma client, compiles the relay and builds the web app, each only when its sources
// changed since its last build (the stamps of buildStamps.mjs). Plain Node: it must work before `npm ci`.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isBuildCurrent, root } from './buildStamps.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  console.log(`[build] ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) return;
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

/** Builds what is stale; the relay always, the web app when `web` is set. */
export function ensureBuilt({ web }) {
  ensureDependencies();
  // The relay bundles the generated client, so the client comes first.
  if (!isBuildCurrent('prisma')) run(npm, ['run', 'generate', '-w', 'baalda-relay']);
  if (!isBuildCurrent('relay')) run(npm, ['run', 'build', '-w', 'baalda-relay']);
  if (web && !isBuildCurrent('web')) run(npm, ['run', 'build', '-w', 'baalda-web']);
}
