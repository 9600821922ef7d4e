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

/**
 * Lists every regular file under `root`, skipping ignored names (MIR2) and symbolic links (a link could
 * lead outside the folder, or to the same file twice). Files and folders that vanish mid-scan are skipped.
 */
export async function scanDisk(root: string): Promise<DiskSnapshot> {
  const files: DiskSnapshot = new Map();
  await scanFolder(root, '', files);
  return files;
}

async function scanFolder(root: string, folder: string, files: DiskSnapshot): Promise<void> {
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (folder !== '' && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return [];
    throw error;
  });
  for (const entry of entries) {
    if (isIgnoredName(entry.name)) continue;
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) await scanFolder(root, path, files);
    else if (entry.isFile()) await addFile(root, path, files);
  }
}

async function addFile(root: string, path: string, files: DiskSnapshot): Promise<void> {
  const stats = await lstat(join(root, path)).catch(() => null);
  if (stats?.isFile()) files.set(path, { path, size: stats.size, mtimeMs: stats.mtimeMs });
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

/** The signature of a file that was just read or written: its stat now and the hash of its bytes. */
export async function signatureOf(path: string, hash: string): Promise<FileSignature> {
  const stats = await lstat(path);
  return { size: stats.size, mtimeMs: stats.mtimeMs, hash };
}
