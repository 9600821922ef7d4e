import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isIgnoredName } from './mirrorLayout';

/** A file as one scan saw it; `path` is its vault path (`/` between folders). */
export interface DiskFile {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** A file as the mirror last agreed with it: its size and time (cheap to compare) and its SHA-256. */
export interface FileSignature {
  readonly size: number;
  readonly mtimeMs: number;
  readonly hash: string;
}

/** Every file one scan found, by vault path. */
export type DiskSnapshot = Map<string, DiskFile>;

/** A scan and whether it holds still: `settled` is false when files or folders moved while it read them. */
export interface DiskScan {
  readonly disk: DiskSnapshot;
  readonly settled: boolean;
}

/** Scans tried back to back before a pass gives up on the folder holding still and waits for the next one. */
export const SCAN_ATTEMPTS = 5;

/**
 * Lists every regular file under `root`, skipping ignored names (MIR2) and symbolic links (a link could
 * lead outside the folder, or to the same file twice), in a scan that held still (MIR5): one during which
 * no folder gained, lost or renamed an entry. A rename while a folder-by-folder scan runs can hide a file
 * at both names (listed under its old name, gone when looked at; or moved from a folder not read yet into
 * one already read), and a file seen nowhere is taken as deleted. Unsettled after `SCAN_ATTEMPTS`, the
 * scan says so and the pass reads nothing into it.
 */
export async function scanDisk(root: string): Promise<DiskScan> {
  for (let attempt = 1; ; attempt += 1) {
    const scan: ScanRun = { files: new Map(), folders: new Map(), vanished: false };
    await scanFolder(root, '', scan);
    const settled = !scan.vanished && (await foldersHeldStill(root, scan.folders));
    if (settled || attempt >= SCAN_ATTEMPTS) return { disk: scan.files, settled };
  }
}

interface ScanRun {
  readonly files: DiskSnapshot;
  /** Each folder read, with its stamp taken before its listing. */
  readonly folders: Map<string, string>;
  vanished: boolean;
}

async function scanFolder(root: string, folder: string, scan: ScanRun): Promise<void> {
  const stamp = await folderStamp(join(root, folder));
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (folder !== '' && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return null;
    throw error;
  });
  if (stamp === null || entries === null) {
    scan.vanished = true;
    return;
  }
  scan.folders.set(folder, stamp);
  for (const entry of entries) {
    if (isIgnoredName(entry.name)) continue;
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) await scanFolder(root, path, scan);
    else if (entry.isFile()) await addFile(root, path, scan);
  }
}

async function addFile(root: string, path: string, scan: ScanRun): Promise<void> {
  const stats = await lstat(join(root, path)).catch(() => null);
  if (stats?.isFile()) scan.files.set(path, { path, size: stats.size, mtimeMs: stats.mtimeMs });
  else if (stats === null) scan.vanished = true;
}

// A folder's modification and change times move (in nanoseconds) whenever an entry is added, removed or
// renamed in it; its inode tells a folder from one made anew at the same path.
async function folderStamp(path: string): Promise<string | null> {
  const stats = await lstat(path, { bigint: true }).catch(() => null);
  if (!stats?.isDirectory()) return null;
  return `${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

async function foldersHeldStill(root: string, folders: ReadonlyMap<string, string>): Promise<boolean> {
  for (const [folder, stamp] of folders) {
    if ((await folderStamp(join(root, folder))) !== stamp) return false;
  }
  return true;
}

/** True when size and modification time are those of the signature (then the bytes are taken as equal). */
export function hasSameStat(file: DiskFile, signature: FileSignature | null): boolean {
  return signature !== null && file.size === signature.size && file.mtimeMs === signature.mtimeMs;
}

/** The SHA-256 of bytes, in hex (the relay's attachment hash has the same form). */
export function hashBytes(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The SHA-256 of a file, streamed; null when the file is gone. */
export async function hashFile(path: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return hash.digest('hex');
}
