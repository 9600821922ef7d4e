import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readdir, rename, rm, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { diskPathOf, type MirrorLayout } from './mirrorLayout';

// MIR9: every file the mirror writes is written whole to `.baalda/tmp/` first and then renamed or linked
// into place, so a crash or a kill at any moment leaves either the old file or the new one, never a part.

/** A fresh name in `.baalda/tmp/` (on the same disk as the mirror, so renames are atomic). */
export function tempPathOf(layout: MirrorLayout): string {
  return join(layout.tmp, `${Date.now()}-${randomBytes(6).toString('hex')}.part`);
}

/** Writes `bytes` to a new temporary file, flushed to disk. */
export async function writeTempFile(layout: MirrorLayout, bytes: Uint8Array): Promise<string> {
  const temp = tempPathOf(layout);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/** Replaces (or creates) `target` with `bytes` at once; for the mirror's own files. */
export async function writeFileAtomic(layout: MirrorLayout, target: string, bytes: Uint8Array): Promise<void> {
  const temp = await writeTempFile(layout, bytes);
  await rename(temp, target);
}

/**
 * Replaces a user's file with `bytes`, unless `mayReplace` (asked last, after the bytes are on disk) says
 * the file changed meanwhile: then nothing is touched and false is returned (MIR4).
 */
export async function replaceFile(
  layout: MirrorLayout,
  target: string,
  bytes: Uint8Array,
  mayReplace: () => Promise<boolean>,
): Promise<boolean> {
  const temp = await writeTempFile(layout, bytes);
  if (!(await mayReplace())) {
    await rm(temp, { force: true });
    return false;
  }
  await rename(temp, target);
  return true;
}

/** Puts a finished temporary file at `target` only if nothing is there (a hard link refuses to clobber). */
export async function placeNewFile(temp: string, target: string): Promise<boolean> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(temp, target);
  } catch (error) {
    if (code(error) === 'EEXIST') {
      await rm(temp, { force: true });
      return false;
    }
    // Disks without hard links: check, then rename (the window is the rename's own).
    if ((await exists(target)) || !['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV'].includes(code(error))) throw error;
    await rename(temp, target);
    return true;
  }
  await unlink(temp);
  return true;
}

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
  const from = diskPathOf(layout, path);
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
