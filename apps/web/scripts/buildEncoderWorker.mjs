// Runs after `next build`: bundles the sentence encoder's Web Worker (lib/search/semantic/semanticWorker.ts,
// with tfjs and USE lite's code) into one script, out/workers/sentenceEncoder.js (SEMW3). Next's own worker
// bundling can't serve here: its worker reads its chunk list from the URL's fragment, which a worker script
// answered by the service worker (offline, from the cache) no longer has.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ENCODER_WORKER_FILE } from './precacheManifest.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = `out/${ENCODER_WORKER_FILE}`;

async function main() {
  const result = await build({
    absWorkingDir: webDir,
    entryPoints: ['lib/search/semantic/semanticWorker.ts'],
    outfile: OUTPUT,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  });
  const bytes = Object.values(result.metafile.outputs).reduce((total, output) => total + output.bytes, 0);
  console.log(`${OUTPUT}: the sentence encoder's worker, ${Math.round(bytes / 1024)} KB`);
}

main().catch((error) => {
  console.error('Could not build the sentence encoder’s worker:', error);
  process.exitCode = 1;
});
