#!/usr/bin/env node
// `npm run baalda -- <command>`: runs the CLI's bundle with plain Node, building it first only when its
// sources changed since the last build (scripts/buildStamps.mjs `cli`), so a start costs no compile.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './buildStamps.mjs';

const cliDir = join(root, 'apps', 'cli');
if (!isBuildCurrent('cli')) {
  const { buildCli } = await import(pathToFileURL(join(cliDir, 'build.mjs')).href);
  await buildCli();
}
// The bundle reads process.argv itself; argv[1] becomes the bundle, as if Node had started it.
process.argv.splice(1, 1, join(cliDir, 'dist', 'baalda.mjs'));
await import(pathToFileURL(process.argv[1]).href);
