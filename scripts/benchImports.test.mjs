// The bench-imports check's own test (`npm run lint` runs it with `node --test scripts/`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { benchImportProblems, importsOf } from './benchImports.mjs';

const APPS = [
  { dir: 'apps/relay', name: 'baalda-relay', entries: ['./testing', './testing/oauth'] },
  { dir: 'apps/cli', name: 'baalda-cli', entries: ['./testing'] },
  { dir: 'apps/web', name: 'baalda-web', entries: [] },
];
const check = (path, text) => benchImportProblems([{ path, text }], APPS);

describe('bench imports (BEN16)', () => {
  it('[BEN16] reads imports, re-exports, dynamic and bare imports', () => {
    const text = `import { a } from 'x';\nexport { b } from "./y";\nconst c = await import('z');\nimport 'w';\n`;
    assert.deepEqual(importsOf(text), ['x', './y', 'z', 'w']);
  });

  it("[BEN16] an app's entries, packages and the bench's own files pass", () => {
    const text = [
      "import { startTestRelay } from 'baalda-relay/testing';",
      "import { connectWithOAuth } from 'baalda-relay/testing/oauth';",
      "import { startMirror } from 'baalda-cli/testing';",
      "import { percentile } from '../stats';",
      "import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';",
      "import * as Y from 'yjs';",
    ].join('\n');
    assert.deepEqual(check('bench/load/fleet.ts', text), []);
  });

  it("[BEN16] a relative import into an app's files fails, naming the file and the entry to use", () => {
    assert.deepEqual(check('bench/mcpSearch.ts', "import { startRelay } from '../apps/relay/src/app/startRelay';"), [
      'bench/mcpSearch.ts imports ../apps/relay/src/app/startRelay: a file of apps/relay by path ' +
        '(use baalda-relay/testing or baalda-relay/testing/oauth)',
    ]);
    const helper = check('bench/load/host.ts', "export { peer } from '../../apps/cli/test/peers';");
    assert.match(helper[0], /a file of apps\/cli by path \(use baalda-cli\/testing\)/);
    assert.equal(check('bench/retrieval/families/random.ts', "import('../../../apps/web/lib/x')").length, 1);
  });

  it('[BEN16] a deep path an app does not export fails, and so does an app with no entries', () => {
    assert.match(
      check('bench/a.ts', "import { x } from 'baalda-relay/src/db/openDatabase';")[0],
      /imports baalda-relay\/src\/db\/openDatabase: a path baalda-relay does not export/,
    );
    assert.match(
      check('bench/a.ts', "import { y } from 'baalda-web';")[0],
      /an entry baalda-web's package.json exports/,
    );
  });
});
