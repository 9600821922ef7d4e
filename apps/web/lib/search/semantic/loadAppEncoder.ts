// Runs inside the encoder's Web Worker only: it starts tfjs, which must never load on the page's thread.
import { loadUseLite, parseUseLiteModelJson, parseUseLiteVocabulary, type SentenceEncoder } from '@baalda/semantic';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { SEMANTIC_FILES_PATH, WASM_BINARIES } from './semanticFiles';

/** USE lite built from the files this app serves (SEMW1), on tfjs's wasm backend, and how long that took. */
export async function loadAppEncoder(): Promise<{ encoder: SentenceEncoder; loadMs: number }> {
  const started = performance.now();
  const [modelJson, vocabulary] = await Promise.all([
    fetchJson('model.json').then(parseUseLiteModelJson),
    fetchJson('vocab.json').then(parseUseLiteVocabulary),
  ]);
  const shards = await Promise.all(
    modelJson.weightsManifest.flatMap((group) => group.paths).map((name) => fetchBytes(name)),
  );
  await startWasmBackend();
  const encoder = await loadUseLite({ tf, modelJson, weightData: concatenate(shards), vocabulary });
  return { encoder, loadMs: performance.now() - started };
}

/**
 * The backend is handed its binary as a blob URL of bytes fetched here: a failed fetch then rejects (tfjs's own
 * would leave its promise pending), and the binary is compiled as `application/wasm` whatever type the
 * server gave it.
 */
async function startWasmBackend(): Promise<void> {
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  const simd = Boolean(await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'));
  const bytes = await fetchBytes(simd ? WASM_BINARIES.simd : WASM_BINARIES.plain);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/wasm' }));
  // tfjs asks for a path for each of its binaries, though it loads only the one it picked.
  setWasmPaths({ [WASM_BINARIES.plain]: url, [WASM_BINARIES.simd]: url, [WASM_BINARIES.threadedSimd]: url });
  try {
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs could not start its wasm backend');
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function fetchFile(name: string): Promise<Response> {
  const response = await fetch(`${SEMANTIC_FILES_PATH}${name}`);
  if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  return response;
}

async function fetchJson(name: string): Promise<unknown> {
  return (await fetchFile(name)).json();
}

async function fetchBytes(name: string): Promise<ArrayBuffer> {
  return (await fetchFile(name)).arrayBuffer();
}

function concatenate(parts: readonly ArrayBuffer[]): ArrayBuffer {
  const whole = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(new Uint8Array(part), offset);
    offset += part.byteLength;
  }
  return whole.buffer;
}
