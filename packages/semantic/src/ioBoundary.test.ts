import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const NODE_ENTRY = 'nodeFiles.ts';

// The main entry runs in a browser: what keeps it there is the compiler seeing no Node or DOM types, and
// no source but the Node entry naming a Node module.
describe('the main entry does no I/O', () => {
  it('[SEM9] tsconfig.json compiles every source but the Node entry with no Node or DOM types', () => {
    const config = JSON.parse(readFileSync(join(SRC, '..', 'tsconfig.json'), 'utf8'));
    expect(config.compilerOptions.types).toEqual([]);
    expect(config.compilerOptions.lib.some((lib: string) => lib.toLowerCase().startsWith('dom'))).toBe(false);
    expect(config.exclude).toEqual(['src/**/*.test.ts', `src/${NODE_ENTRY}`]);
  });

  it('[SEM9] only the Node entry imports a Node module', () => {
    const sources = readdirSync(SRC).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const importingNode = sources.filter((name) =>
      /from ['"](node:|fs|path|os|child_process|worker_threads)/.test(readFileSync(join(SRC, name), 'utf8')),
    );
    expect(importingNode).toEqual([NODE_ENTRY]);
  });
});
