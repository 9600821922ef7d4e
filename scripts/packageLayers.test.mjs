// The package-layer check's own test (`npm run lint` runs it with `node --test scripts/`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packageLayerProblems, pureTsconfigProblems } from './packageLayers.mjs';

const manifests = (overrides = {}) => ({
  'packages/markdown': { name: '@baalda/markdown', dependencies: { 'markdown-it': '15' } },
  'packages/core': { name: '@baalda/core', dependencies: { '@baalda/markdown': '0.1.0' } },
  'apps/relay': { name: 'baalda-relay', dependencies: { '@baalda/core': '0.1.0', '@baalda/markdown': '0.1.0' } },
  'apps/cli': { name: 'baalda-cli', devDependencies: { 'baalda-relay': '0.1.0' } },
  ...overrides,
});

describe('package layers', () => {
  it('dependencies that point down pass, and an app’s tests may start another app', () => {
    assert.deepEqual(packageLayerProblems(manifests()), []);
  });

  it('markdown depending on core, even for its tests, would be a cycle and is refused', () => {
    const problems = packageLayerProblems(
      manifests({ 'packages/markdown': { name: '@baalda/markdown', devDependencies: { '@baalda/core': '0.1.0' } } }),
    );
    assert.deepEqual(problems, ['packages/markdown depends on @baalda/core (packages/core), which is not below it']);
  });

  it('a package that depends on an app, and a workspace with no layer, are refused', () => {
    const problems = packageLayerProblems(
      manifests({
        'packages/core': { name: '@baalda/core', dependencies: { 'baalda-relay': '0.1.0' } },
        'packages/extra': { name: '@baalda/extra' },
      }),
    );
    assert.deepEqual(problems, [
      'packages/core depends on baalda-relay (apps/relay), which is not below it',
      'packages/extra has no layer in scripts/packageLayers.mjs',
    ]);
  });

  it('a pure package compiles with no Node or DOM types', () => {
    assert.deepEqual(pureTsconfigProblems('packages/markdown', { lib: ['ES2022'], types: [] }), []);
    assert.deepEqual(pureTsconfigProblems('packages/markdown', { lib: ['ES2022', 'DOM'] }), [
      'packages/markdown/tsconfig.json must set "types": []',
      'packages/markdown/tsconfig.json must not include DOM libs',
    ]);
  });
});
