import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/cliBundleSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own relay on its own database; running files one after another keeps the
    // two-core CI machine from timing out PGlite start-ups.
    fileParallelism: false,
  },
});
