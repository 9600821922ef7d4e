import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { isBuildCurrent } from '../../../scripts/buildStamps.mjs';

const CLI_DIR = join(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built CLI (dist/baalda.mjs), to run with plain `node <bundle> …`. */
    cliBundle: string;
  }
}

/**
 * Builds the CLI when its sources changed (build.mjs), as `npm run baalda` does, and hands its path to the tests
 * (`inject('cliBundle')`): the tests start it dozens of times, and the bundle starts in a fraction of a
 * second where compiling the sources at each start took seconds.
 */
export default async function buildCliBundle(project: TestProject): Promise<void> {
  if (!isBuildCurrent('cli')) await promisify(execFile)(process.execPath, [join(CLI_DIR, 'build.mjs')]);
  project.provide('cliBundle', join(CLI_DIR, 'dist', 'baalda.mjs'));
}
