import { createHash } from 'node:crypto';

/** The line in the service worker template that the build replaces with the precache manifest. */
export const MANIFEST_PLACEHOLDER = 'self.__BAALDA_PRECACHE__';
/** The line the build replaces with the sentence encoder's files (SEMW2). */
export const SEMANTIC_PLACEHOLDER = 'self.__BAALDA_SEMANTIC__';
/**
 * The folder of out/ holding the sentence encoder's files (copySemanticFiles.mjs); the app fetches them
 * from `/semantic/` (lib/search/semantic/semanticFiles.ts).
 */
export const SEMANTIC_FILES_DIR = 'semantic';
/**
 * The sentence encoder's Web Worker under out/ (buildEncoderWorker.mjs), precached with the shell; the page
 * starts it from `/workers/sentenceEncoder.js` (semanticFiles.ts, ENCODER_WORKER_URL).
 */
export const ENCODER_WORKER_FILE = 'workers/sentenceEncoder.js';

/**
 * Whether a file of the static export belongs in the precache. Source maps are for developers, not for
 * opening the app offline, and the worker must never cache itself (the browser updates it by comparing bytes).
 * The sentence encoder's 27 MB are cached apart (SEMW2), not with every new build of the shell.
 * @param {string} relativePath path under `out/`, with `/` separators
 */
export function shouldPrecache(relativePath) {
  return !relativePath.endsWith('.map') && relativePath !== 'sw.js' && !isSemanticFile(relativePath);
}

/** @param {string} relativePath path under `out/`, with `/` separators */
function isSemanticFile(relativePath) {
  return relativePath.startsWith(`${SEMANTIC_FILES_DIR}/`);
}

/**
 * The list of URLs to precache and a version that changes whenever any of their contents change, so a new
 * build gets a new cache (and the old one is deleted on activate).
 * @param {ReadonlyArray<{ relativePath: string, contentHash: string }>} files
 * @returns {{ version: string, urls: string[] }}
 */
export function buildPrecacheManifest(files) {
  return versionedUrls(files.filter((file) => shouldPrecache(file.relativePath)));
}

/**
 * SEMW2: the sentence encoder's files and the cache that keeps them, named by their contents: a build with
 * the same model and binaries keeps the cache a device already filled; another model gets a new one.
 * @param {ReadonlyArray<{ relativePath: string, contentHash: string }>} files
 * @returns {{ cache: string, prefix: string, urls: string[] }}
 */
export function buildSemanticManifest(files) {
  const { version, urls } = versionedUrls(files.filter((file) => isSemanticFile(file.relativePath)));
  return { cache: `baalda-semantic-${version}`, prefix: `/${SEMANTIC_FILES_DIR}/`, urls };
}

/** @param {ReadonlyArray<{ relativePath: string, contentHash: string }>} files */
function versionedUrls(files) {
  const entries = files
    .map((file) => ({ url: `/${file.relativePath}`, contentHash: file.contentHash }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const version = createHash('sha256')
    .update(entries.map((entry) => `${entry.url} ${entry.contentHash}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return { version, urls: entries.map((entry) => entry.url) };
}

/**
 * Fills the worker template with the manifests.
 * @param {string} template source of `serviceWorkerTemplate.js`
 * @param {{ version: string, urls: string[] }} manifest
 * @param {{ cache: string, prefix: string, urls: string[] }} semantic
 */
export function renderServiceWorker(template, manifest, semantic) {
  for (const placeholder of [MANIFEST_PLACEHOLDER, SEMANTIC_PLACEHOLDER]) {
    if (!template.includes(placeholder)) {
      throw new Error(`The service worker template lost its ${placeholder} placeholder.`);
    }
  }
  return template
    .replace(MANIFEST_PLACEHOLDER, JSON.stringify(manifest, null, 2))
    .replace(SEMANTIC_PLACEHOLDER, JSON.stringify(semantic, null, 2));
}
