import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Property tests run thousands of cases; on a loaded two-core CI machine the 5 s default is too
    // tight for the slowest of them (seen once: a Markdown round-trip property at ~4 s when idle).
    testTimeout: 30_000,
    // Pure functions with no module state and no mocks: files share one module graph per worker instead of
    // importing core afresh for each of its ~50 files (34 s → 11 s here).
    isolate: false,
  },
});
