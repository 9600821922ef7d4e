import { fileURLToPath } from 'node:url';
import { slowFirstSequencer } from 'baalda-relay/testing/slowFirstSequencer';
import { defineConfig } from 'vitest/config';

// Builds the relay and migrates its PGlite template once per run (the relay's own global setup), then
// builds the CLI bundle the tests run.
// The longest files (about 30–150 s each here; the system suite's few seeds about 2 min), longest first, so
// that neither worker is left with one at the end.
const SLOW_FILES = [
  'test/system/system.test.ts',
  'test/mirrorScale.test.ts',
  'test/cli.test.ts',
  'test/mirrorFlapping.test.ts',
  'test/mirrorSaves.test.ts',
  'test/commandLine.test.ts',
  'test/mirrorUnreachable.test.ts',
  'test/transfer.test.ts',
];
const RELAY_SETUP = fileURLToPath(import.meta.resolve('baalda-relay/testing/globalSetup'));

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: [RELAY_SETUP, 'test/cliBundleSetup.ts'],
    sequence: { sequencer: slowFirstSequencer(SLOW_FILES) },
    // Two files run at once on two cores: a test that takes 15 s alone may take twice that.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Every test has its own relay, database and folders, so files run side by side.
    maxWorkers: 2,
    // Files share a worker's module graph (the relay's Prisma, PGlite and Hocuspocus load once per worker, not
    // per file): no file mocks a module or leaves global state behind.
    isolate: false,
  },
});
