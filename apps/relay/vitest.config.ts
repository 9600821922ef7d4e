import { defineConfig } from 'vitest/config';
import { slowFirstSequencer } from './test/slowFirstSequencer.mjs';

// Files that compare a latency with a baseline measured in the same file: another file's load on the
// two-core CI machine would be measured as the relay's slowness, so they run alone. `npm test` runs them last,
// once every other suite is over (`npm run test:measuring`); `npx vitest run` here runs them after the rest.
const MEASURING = ['test/hostile*.test.ts', 'test/*.latency.test.ts', 'src/sync/updateInspector.test.ts'];
// The benches' pure helpers (percentiles, reading a build) are tested here: the relay's tsconfig checks bench/ too.
const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts', '../../bench/**/*.test.ts'];
// The longest files (about 15–60 s each here), longest first, so that neither worker is left with one at the end.
const SLOW_FILES = [
  'test/convergence.single.test.ts',
  'test/versions.test.ts',
  'test/reindex.test.ts',
  'test/migrate.test.ts',
  'test/convergence.pair.test.ts',
  'test/search.test.ts',
  'test/vaultContract.test.ts',
  'test/indexStore.test.ts',
  'test/indexInvariant.test.ts',
  'test/noteStoreContract.test.ts',
  'src/attachments/extraction/extractionLimits.test.ts',
  'test/crashDurability.test.ts',
  'test/manyDocuments.test.ts',
  'test/attachments.test.ts',
];

export default defineConfig({
  test: {
    // Two files run at once on two cores: a test that takes 15 s alone may take twice that.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Builds the relay and migrates the PGlite template once for the whole run.
    globalSetup: ['test/globalSetup.ts'],
    sequence: { sequencer: slowFirstSequencer(SLOW_FILES) },
    projects: [
      {
        extends: true,
        test: {
          name: 'relay',
          include: ALL,
          exclude: MEASURING,
          // Every test has databases, folders and ports of its own, so files run side by side.
          maxWorkers: 2,
          // Files share a worker's module graph (Prisma, PGlite, Hocuspocus load once per worker, not per file):
          // no file mocks a module or leaves global state behind.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'relay-measuring',
          include: MEASURING,
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
