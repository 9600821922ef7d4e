import { lstat, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { diskPathOf, type MirrorLayout } from './mirrorLayout';

// Moves, removals and the temporary folder of the mirror's files. Writes go through files/atomicWrite.ts
// (MIR9), with `.baalda/tmp/` as the temporary folder.

/** Moves a file to a free `to`; false (nothing moved) when `to` is taken or `from` is gone. */
export async function moveFile(from: string, to: string): Promise<boolean> {
  if ((await exists(to)) || !(await exists(from))) return false;
  await mkdir(dirname(to), { recursive: true });
  await rename(from, to);
  return true;
}

/**
 * Moves a file the relay no longer has into `.baalda/removed/`, keeping its vault path there (a stamp
 * is added when that name is taken). Returns where it went, relative to the mirror, or null if it was gone.
 */
export async function moveToRemoved(layout: MirrorLayout, path: string): Promise<string | null> {
  return keepAsRemoved(layout, diskPathOf(layout, path), path);
}

/** Moves the file at `from` into `.baalda/removed/` under the vault path `path` (stamped if taken there). */
export async function keepAsRemoved(layout: MirrorLayout, from: string, path: string): Promise<string | null> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const candidate of [path, withSuffix(path, ` (removed ${stamp})`)]) {
    const to = join(layout.removed, ...candidate.split('/'));
    if (await moveFile(from, to)) return `.baalda/removed/${candidate}`;
  }
  return null;
}

/** Removes the folders `path` lay in, innermost first, as long as they are empty and not in `keep`. */
export async function removeEmptyFolders(layout: MirrorLayout, path: string, keep: (folder: string) => boolean) {
  const segments = path.split('/').slice(0, -1);
  for (let depth = segments.length; depth > 0; depth -= 1) {
    const folder = segments.slice(0, depth).join('/');
    if (keep(folder)) return;
    const entries = await readdir(diskPathOf(layout, folder)).catch(() => null);
    if (entries === null || entries.length > 0) return;
    await rmdir(diskPathOf(layout, folder)).catch(() => undefined);
  }
}

/** Deletes what a killed mirror left in `.baalda/tmp/`. */
export async function clearTemp(layout: MirrorLayout): Promise<void> {
  await rm(layout.tmp, { recursive: true, force: true });
  await mkdir(layout.tmp, { recursive: true });
}

/** True when something (a file, a folder, a link) is at `path`. */
export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return false;
    throw error;
  }
}

function withSuffix(path: string, suffix: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? `${path.slice(0, dot)}${suffix}${path.slice(dot)}` : `${path}${suffix}`;
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? '';
}
