// The architecture check's own test (`npm run lint` runs it with `node --test scripts/`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { architectureProblems } from './architectureTree.mjs';

const TREE = `# Architecture
## Tree
apps/relay/             one process
  src/                  layered
  src/mcp/              the tools; helpers/ (shared bits)
## How
  src/gone/             not part of the tree: another section
`;
const folders = new Map([['apps/relay', new Set(['src', 'src/mcp', 'src/mcp/helpers', 'src/vault'])]]);

describe('the architecture tree', () => {
  it("a tree that names every source folder, on its own line or in its parent's text, has no problem", () => {
    const required = new Map([['apps/relay', new Set(['src/mcp'])]]);
    assert.deepEqual(architectureProblems(TREE, folders, required), []);
  });

  it('a source folder the tree leaves out is named', () => {
    const required = new Map([['apps/relay', new Set(['src/mcp', 'src/vault'])]]);
    assert.deepEqual(architectureProblems(TREE, folders, required), [
      "ARCHITECTURE's tree does not name apps/relay/src/vault/",
    ]);
  });

  it('a folder the tree names that does not exist is named', () => {
    const tree = TREE.replace('  src/mcp/ ', '  src/mcp/ \n  src/old/              gone since\n');
    assert.deepEqual(architectureProblems(tree, folders, new Map()), [
      'ARCHITECTURE names apps/relay/src/old/, which does not exist',
    ]);
  });
});
