import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Builds the relay and migrates its PGlite template once per run (the relay's own global setup), then
// builds the CLI bundle the tests run.
const RELAY_SETUP = fileURLToPath(import.meta.resolve('baalda-relay/testing/globalSetup'));
// Files whose checks depend on how fast a pass runs (progress lines during a long first sync): another
// file's load on the two-core CI machine would change what they see, so they run alone, after the rest.
const ALONE = ['test/mirrorScale.test.ts'];
const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: [RELAY_SETUP, 'test/cliBundleSetup.ts'],
    // Two files run at once on two cores: a test that takes 15 s alone may take twice that.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Every test has its own relay, database and folders, so files run side by side.
        test: { name: 'cli', include: ALL, exclude: ALONE, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'cli-alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
