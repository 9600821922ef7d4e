// Once per test run, before any test file: compiles the relay if it changed and the programs tests start
// (build.mjs), and migrates one PGlite folder that every PGlite test copies (backends.ts). Each test file runs
// in a module graph of its own, so doing either in a file would repeat it for every file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildForTests } from '../build.mjs';
import { openDatabase } from '../src/db/openDatabase';

// The CLI's tests run this setup too; only the relay's own tests start the test programs.
const RELAY_ROOT = join(import.meta.dirname, '..');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildForTests({ testPrograms: project.config.root === RELAY_ROOT });
  const template = await mkdtemp(join(tmpdir(), 'baalda-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: template });
  await database.close();
  project.provide('pgliteTemplate', template);
  return () => rm(template, { recursive: true, force: true });
}
