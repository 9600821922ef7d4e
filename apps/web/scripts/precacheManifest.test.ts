import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENCODER_WORKER_URL, SEMANTIC_FILES_PATH } from '../lib/search/semantic/semanticFiles';
import { WARM_SEMANTIC_FILES } from '../lib/search/semantic/warmSemanticFiles';
import {
  buildPrecacheManifest,
  buildSemanticManifest,
  ENCODER_WORKER_FILE,
  MANIFEST_PLACEHOLDER,
  renderServiceWorker,
  SEMANTIC_FILES_DIR,
  SEMANTIC_PLACEHOLDER,
} from './precacheManifest.mjs';

const files = [
  { relativePath: 'index.html', contentHash: 'a1' },
  { relativePath: '_next/static/chunks/app.js', contentHash: 'b2' },
  { relativePath: '_next/static/chunks/app.js.map', contentHash: 'c3' },
  { relativePath: 'sw.js', contentHash: 'd4' },
  { relativePath: 'manifest.webmanifest', contentHash: 'e5' },
  { relativePath: 'workers/sentenceEncoder.js', contentHash: 'f6' },
  { relativePath: 'semantic/model.json', contentHash: 'g7' },
  { relativePath: 'semantic/group1-shard1of7', contentHash: 'h8' },
];
const semantic = { cache: 'baalda-semantic-v1', prefix: '/semantic/', urls: ['/semantic/model.json'] };
const template = readFileSync(new URL('./serviceWorkerTemplate.js', import.meta.url), 'utf8');

describe('service worker precache manifest', () => {
  it('lists every exported file as a root-relative URL, without source maps, the worker itself or the encoder’s files', () => {
    expect(buildPrecacheManifest(files).urls).toEqual([
      '/_next/static/chunks/app.js',
      '/index.html',
      '/manifest.webmanifest',
      '/workers/sentenceEncoder.js',
    ]);
  });

  it('changes the version when any precached file changes, and only then', () => {
    const base = buildPrecacheManifest(files).version;
    expect(buildPrecacheManifest([...files].reverse()).version).toBe(base);
    const mapChanged = files.map((file) =>
      file.relativePath.endsWith('.map') ? { ...file, contentHash: 'zz' } : file,
    );
    expect(buildPrecacheManifest(mapChanged).version).toBe(base);
    const shellChanged = files.map((file) =>
      file.relativePath === 'index.html' ? { ...file, contentHash: 'zz' } : file,
    );
    expect(buildPrecacheManifest(shellChanged).version).not.toBe(base);
  });

  it('fills the template placeholders with the manifests', () => {
    const manifest = { version: 'v1', urls: ['/index.html'] };
    const source = renderServiceWorker(
      `const PRECACHE = ${MANIFEST_PLACEHOLDER};\nconst SEMANTIC = ${SEMANTIC_PLACEHOLDER};`,
      manifest,
      semantic,
    );
    expect(source).toContain('"version": "v1"');
    expect(source).toContain('"cache": "baalda-semantic-v1"');
    expect(source).not.toContain(MANIFEST_PLACEHOLDER);
    expect(source).not.toContain(SEMANTIC_PLACEHOLDER);
    expect(() => renderServiceWorker(`const PRECACHE = ${MANIFEST_PLACEHOLDER};`, manifest, semantic)).toThrow(
      /placeholder/,
    );
    expect(renderServiceWorker(template, manifest, semantic)).toContain('"prefix": "/semantic/"');
  });
});

describe('the sentence encoder’s files in the service worker', () => {
  it('[SEMW2] are cached apart, in a cache named by their contents alone', () => {
    const manifest = buildSemanticManifest(files);
    expect(manifest.urls).toEqual(['/semantic/group1-shard1of7', '/semantic/model.json']);
    expect(manifest.prefix).toBe(SEMANTIC_FILES_PATH);
    expect(manifest.prefix).toBe(`/${SEMANTIC_FILES_DIR}/`);
    const shellChanged = files.map((file) =>
      file.relativePath === 'index.html' ? { ...file, contentHash: 'zz' } : file,
    );
    expect(buildSemanticManifest(shellChanged).cache).toBe(manifest.cache);
    const modelChanged = files.map((file) =>
      file.relativePath === 'semantic/model.json' ? { ...file, contentHash: 'zz' } : file,
    );
    expect(buildSemanticManifest(modelChanged).cache).not.toBe(manifest.cache);
  });

  it('[SEMW2] are warmed on the message the page sends', () => {
    expect(template).toContain(`'${WARM_SEMANTIC_FILES}'`);
  });

  it('[SEMW3] the worker the page starts is the one the build bundles, and it is precached', () => {
    expect(ENCODER_WORKER_URL).toBe(`/${ENCODER_WORKER_FILE}`);
    expect(buildPrecacheManifest(files).urls).toContain(ENCODER_WORKER_URL);
  });
});
