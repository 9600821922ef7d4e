import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout here only catches a hang, never slowness (speed is bench/'s to measure): the round-trip
    // property tests run thousands of cases, and a two-core machine running CI's other lane beside a
    // CPU-bound process takes many times as long as an idle one.
    testTimeout: 180_000,
    // Pure functions with no module state and no mocks: files share one module graph per worker.
    isolate: false,
  },
});
