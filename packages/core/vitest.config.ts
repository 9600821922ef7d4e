import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout here only catches a hang, never slowness (speed is bench/'s to measure): property tests run
    // thousands of cases, and one that takes 4 s idle took 36 s on a two-core machine running CI's other lane
    // beside a CPU-bound process.
    testTimeout: 180_000,
    // Pure functions with no module state and no mocks: files share one module graph per worker instead of
    // importing core afresh for each of its ~50 files (34 s → 11 s here).
    isolate: false,
  },
});
