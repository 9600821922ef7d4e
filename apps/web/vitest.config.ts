import { defineConfig } from 'vitest/config';

// Files that replace modules with vi.mock get a module graph of their own; a shared one could hand them the
// real module another file imported first.
const MOCKING_MODULES = ['lib/backgroundSync.test.ts'];
const NOT_TESTS = ['node_modules/**', '.next/**', 'out/**'];

export default defineConfig({
  // tsconfig's `jsx: preserve` is for Next; a test that reaches a component (through the editor's extensions,
  // say) needs the JSX compiled.
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'node',
    exclude: NOT_TESTS,
    projects: [
      {
        extends: true,
        // The rest share one module graph per worker instead of importing the app's modules afresh for
        // each file: importing was 15 of the 33 s these tests took, running them under 2.
        test: { name: 'web', include: ['**/*.test.ts'], exclude: [...NOT_TESTS, ...MOCKING_MODULES], isolate: false },
      },
      { extends: true, test: { name: 'web-mocking', include: MOCKING_MODULES } },
    ],
  },
});
