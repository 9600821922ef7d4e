/**
 * SEMW1: where the app serves the sentence encoder's files: USE lite's `model.json`, `vocab.json` and weight
 * shards, and tfjs's wasm binaries. `scripts/copySemanticFiles.mjs` copies them into the export at build time
 * (they are 27 MB, too much for git), and the service worker keeps them in a cache of their own (SEMW2).
 */
export const SEMANTIC_FILES_PATH = '/semantic/';

/** tfjs's wasm binaries by what the browser supports; threads would need cross-origin isolation, which this app doesn't have. */
export const WASM_BINARIES = {
  plain: 'tfjs-backend-wasm.wasm',
  simd: 'tfjs-backend-wasm-simd.wasm',
  threadedSimd: 'tfjs-backend-wasm-threaded-simd.wasm',
} as const;

/**
 * SEMW3: the encoder's Web Worker, one script bundled by `scripts/buildEncoderWorker.mjs` and precached with the
 * app shell.
 */
export const ENCODER_WORKER_URL = '/workers/sentenceEncoder.js';

/**
 * A script for a page of the app's origin: the encoder's files the service worker's cache still lacks (SEMW2),
 * by the list the build wrote into sw.js (`const SEMANTIC = …`, scripts/serviceWorkerTemplate.js). Tests and
 * benches wait on it before going offline. A string, not a function: a function's source, once bundled for
 * Node, may call helpers the page does not have.
 */
export const UNCACHED_SEMANTIC_FILES_SCRIPT = `(async () => {
  const source = await (await fetch('/sw.js')).text();
  const manifest = /const SEMANTIC = (\\{[\\s\\S]*?\\});/.exec(source)?.[1];
  if (!manifest) return ['sw.js names no encoder files'];
  const { cache: name, urls } = JSON.parse(manifest);
  if (!(await caches.has(name))) return urls;
  const cache = await caches.open(name);
  const cached = await Promise.all(urls.map(async (url) => ((await cache.match(url)) ? null : url)));
  return cached.filter((url) => url !== null);
})()`;
