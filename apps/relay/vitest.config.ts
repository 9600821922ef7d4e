import { defineConfig } from 'vitest/config';

// Files that compare a latency with a baseline measured in the same file: another file's load on the
// two-core CI machine would be measured as the relay's slowness, so they run alone, after the rest.
const MEASURING = ['test/hostile*.test.ts', 'src/sync/updateInspector.test.ts'];
const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Two files run at once on two cores: a test that takes 15 s alone may take twice that.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Builds the relay and migrates the PGlite template once for the whole run.
    globalSetup: ['test/globalSetup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'relay',
          include: ALL,
          exclude: MEASURING,
          // Every test has databases, folders and ports of its own, so files run side by side.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'relay-measuring', include: MEASURING, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
