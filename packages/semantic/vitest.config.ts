import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout here only catches a hang, never slowness (speed is bench/'s to measure). Building the model
    // takes about a second when idle, and many times that on a two-core machine running CI's other lane
    // beside a CPU-bound process.
    testTimeout: 180_000,
  },
});
