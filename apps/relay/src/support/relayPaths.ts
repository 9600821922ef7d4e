// Where the relay's own files are. The same module runs from `src/` (tests, typecheck) and bundled into
// `dist/main.mjs`, so paths are found from the package's root, not from this file's folder.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'baalda-relay') return dir;
    if (dirname(dir) === dir) throw new Error(`no baalda-relay package.json above ${start}`);
  }
}

/** `apps/relay`. */
export const RELAY_ROOT = findPackageRoot(import.meta.dirname);
/** The repository's root, which holds `prisma/` and `apps/web/`. */
export const REPOSITORY_ROOT = join(RELAY_ROOT, '..', '..');
/** The compiled relay and the programs it starts (see build.mjs). */
export const RELAY_DIST = join(RELAY_ROOT, 'dist');
