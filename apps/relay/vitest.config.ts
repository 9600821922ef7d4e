import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own databases and servers; running files one after another keeps the
    // two-core CI machine from timing out PGlite start-ups.
    fileParallelism: false,
  },
});
