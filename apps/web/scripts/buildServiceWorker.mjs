// Runs after `next build` and copySemanticFiles.mjs: writes out/sw.js, a service worker that precaches every
// file of the static export but the sentence encoder's, which it caches apart (SEMW2).
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPrecacheManifest, buildSemanticManifest, renderServiceWorker } from './precacheManifest.mjs';

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(scriptsDir, '..', 'out');

/** Every file under `dir`, as paths relative to it with `/` separators (they become URLs). */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/'),
    );
}

async function hashFile(relativePath) {
  const contents = await readFile(path.join(outDir, relativePath));
  return createHash('sha256').update(contents).digest('hex');
}

async function main() {
  const relativePaths = await listFiles(outDir);
  const files = await Promise.all(
    relativePaths.map(async (relativePath) => ({ relativePath, contentHash: await hashFile(relativePath) })),
  );
  const manifest = buildPrecacheManifest(files);
  const semantic = buildSemanticManifest(files);
  const template = await readFile(path.join(scriptsDir, 'serviceWorkerTemplate.js'), 'utf8');
  await writeFile(path.join(outDir, 'sw.js'), renderServiceWorker(template, manifest, semantic));
  console.log(
    `sw.js: ${manifest.urls.length} files precached, version ${manifest.version}; ` +
      `${semantic.urls.length} encoder files cached on demand in ${semantic.cache}`,
  );
}

main().catch((error) => {
  console.error('Could not build the service worker:', error);
  process.exitCode = 1;
});
