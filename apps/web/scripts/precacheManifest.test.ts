import { describe, expect, it } from 'vitest';
import { buildPrecacheManifest, MANIFEST_PLACEHOLDER, renderServiceWorker } from './precacheManifest.mjs';

const files = [
  { relativePath: 'index.html', contentHash: 'a1' },
  { relativePath: '_next/static/chunks/app.js', contentHash: 'b2' },
  { relativePath: '_next/static/chunks/app.js.map', contentHash: 'c3' },
  { relativePath: 'sw.js', contentHash: 'd4' },
  { relativePath: 'manifest.webmanifest', contentHash: 'e5' },
];

describe('service worker precache manifest', () => {
  it('lists every exported file as a root-relative URL, without source maps or the worker itself', () => {
    expect(buildPrecacheManifest(files).urls).toEqual([
      '/_next/static/chunks/app.js',
      '/index.html',
      '/manifest.webmanifest',
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

  it('fills the template placeholder with the manifest', () => {
    const manifest = { version: 'v1', urls: ['/index.html'] };
    const source = renderServiceWorker(`const PRECACHE = ${MANIFEST_PLACEHOLDER};`, manifest);
    expect(source).toContain('"version": "v1"');
    expect(source).not.toContain(MANIFEST_PLACEHOLDER);
    expect(() => renderServiceWorker('const PRECACHE = {};', manifest)).toThrow(/placeholder/);
  });
});
