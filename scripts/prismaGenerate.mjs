#!/usr/bin/env node
// Generates the Prisma client offline. `prisma generate` needs no schema engine, but Prisma 7's CLI
// tries to download one unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file; /bin/false is
// never run by generate, it only stops the download on machines without internet.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && existsSync('/bin/false')) env.PRISMA_SCHEMA_ENGINE_BINARY = '/bin/false';
const prisma = join(root, 'node_modules', '.bin', 'prisma');
execFileSync(prisma, ['generate'], { cwd: root, env, stdio: 'inherit' });
execFileSync(process.execPath, [join(root, 'scripts', 'buildStamps.mjs'), 'prisma'], { stdio: 'inherit' });
