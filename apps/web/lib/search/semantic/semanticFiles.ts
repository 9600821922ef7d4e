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
