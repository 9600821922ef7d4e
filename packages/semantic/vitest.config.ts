import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Building the model takes about a second when idle, and a model call on a busy two-core CI machine can
    // take several times what it does here: the 5 s default leaves too little room.
    testTimeout: 30_000,
  },
});
