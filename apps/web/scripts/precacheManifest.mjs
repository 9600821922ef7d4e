import { createHash } from 'node:crypto';

/** The line in the service worker template that the build replaces with the precache manifest. */
export const MANIFEST_PLACEHOLDER = 'self.__BAALDA_PRECACHE__';

/**
 * Whether a file of the static export belongs in the precache. Source maps are for developers, not for
 * opening the app offline, and the worker must never cache itself (the browser updates it by comparing bytes).
 * @param {string} relativePath path under `out/`, with `/` separators
 */
export function shouldPrecache(relativePath) {
  return !relativePath.endsWith('.map') && relativePath !== 'sw.js';
}

/**
 * The list of URLs to precache and a version that changes whenever any of their contents change, so a new
 * build gets a new cache (and the old one is deleted on activate).
 * @param {ReadonlyArray<{ relativePath: string, contentHash: string }>} files
 * @returns {{ version: string, urls: string[] }}
 */
export function buildPrecacheManifest(files) {
  const entries = files
    .filter((file) => shouldPrecache(file.relativePath))
    .map((file) => ({ url: `/${file.relativePath}`, contentHash: file.contentHash }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const version = createHash('sha256')
    .update(entries.map((entry) => `${entry.url} ${entry.contentHash}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return { version, urls: entries.map((entry) => entry.url) };
}

/**
 * Fills the worker template with the manifest.
 * @param {string} template source of `serviceWorkerTemplate.js`
 * @param {{ version: string, urls: string[] }} manifest
 */
export function renderServiceWorker(template, manifest) {
  if (!template.includes(MANIFEST_PLACEHOLDER)) {
    throw new Error(`The service worker template lost its ${MANIFEST_PLACEHOLDER} placeholder.`);
  }
  return template.replace(MANIFEST_PLACEHOLDER, JSON.stringify(manifest, null, 2));
}
