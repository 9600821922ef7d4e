// The core-exports check's own test (`npm run lint` runs it with `node --test scripts/`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exportedNames, unusedCoreExports } from './coreExports.mjs';

const INDEX = `export { parseNote, type Note } from './notes';
export type { Secret } from './secrets';
export * from './everything';
`;

describe('core exports', () => {
  it('reads every exported name, types included, and an export of everything as *', () => {
    assert.deepEqual(exportedNames(INDEX), ['parseNote', 'Note', 'Secret', '*']);
  });

  it('a name no other workspace names is unused, and so is an export of everything', () => {
    const web = "import { parseNote, type Note } from '@baalda/core';";
    assert.deepEqual(unusedCoreExports(INDEX, [web]), ['Secret', '*']);
  });

  it('a name used as a word anywhere outside core counts, a longer name holding it does not', () => {
    const relay = 'const x: Secret = read(); const parseNoteText = 1; const n: Note | null = null;';
    assert.deepEqual(unusedCoreExports(INDEX, [relay]), ['parseNote', '*']);
  });
});
