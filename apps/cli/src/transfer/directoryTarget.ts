import { lstat, mkdir, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ancestorFoldersOf, pathKey } from '@baalda/core';
import { CliError } from '../cliError';
import { writeFileAtomically } from '../files/atomicWrite';
import {
  type ExportManifest,
  type ExportSource,
  isExportOf,
  MANIFEST_NAME,
  manifestOf,
  parseManifest,
} from './exportManifest';
import { type ExportTarget, fileInside } from './exportTarget';
import { NOTE_IDS_NAME, noteIdsText, readNoteIds } from './noteIds';

/**
 * XFER3: an export into folder `dir`, which must not exist, be empty, or hold an earlier export of the same
 * vault from the same relay (its `.baalda-export.json`). Refreshing an earlier export rewrites its files,
 * deletes those whose entries left the vault, and never touches a file it did not write. The manifest and
 * `.baalda-ids.json` are written last, and after a fatal error too, so both always describe the folder.
 */
export async function openDirectoryTarget(dir: string, source: ExportSource, now: () => Date): Promise<ExportTarget> {
  const previous = await previousExport(dir, source);
  await mkdir(dir, { recursive: true });
  const previousKeys = new Set((previous?.files ?? []).map(pathKey));
  const previousIds = previous ? (await readNoteIds(dir)).ids : new Map<string, string>();
  const written = new Map<string, string>();
  const writtenIds = new Map<string, string>();
  const folders: string[] = [];

  const writeFile = async (path: string, content: string | ReadableStream<Uint8Array>): Promise<void> => {
    const file = fileInside(dir, path);
    if (!previousKeys.has(pathKey(path)) && (await exists(file))) {
      throw new Error(`${file} exists and is not from the earlier export; move it away and export again`);
    }
    await writeFileAtomically(file, content);
    written.set(pathKey(path), path);
  };
  // The ids of the files the manifest lists: this export's, or the earlier one's for a file it didn't rewrite.
  const writeManifest = async (files: readonly string[]): Promise<void> => {
    const idOf = (key: string) => (written.has(key) ? writtenIds.get(key) : previousIds.get(key));
    const ids = files.flatMap((path): Array<[string, string]> => {
      const docId = idOf(pathKey(path));
      return docId ? [[path, docId]] : [];
    });
    await writeFileAtomically(join(dir, NOTE_IDS_NAME), noteIdsText(new Map(ids)));
    await writeFileAtomically(
      join(dir, MANIFEST_NAME),
      `${JSON.stringify(manifestOf(source, { files, folders }, now()), null, 2)}\n`,
    );
  };

  return {
    description: dir,
    async makeFolder(path) {
      await mkdir(fileInside(dir, path), { recursive: true });
      folders.push(path);
    },
    async writeNote(path, text, docId) {
      await writeFile(path, text);
      writtenIds.set(pathKey(path), docId);
    },
    writeAttachment: writeFile,
    async finish() {
      const stale = (previous?.files ?? []).filter((path) => !written.has(pathKey(path)));
      await removeStale(dir, stale, folders);
      await writeManifest([...written.values()]);
    },
    // The earlier export's files that are still there stay listed, so the next export can refresh them.
    abort: () =>
      writeManifest([...written.values(), ...(previous?.files ?? []).filter((p) => !written.has(pathKey(p)))]),
  };
}

async function previousExport(dir: string, source: ExportSource): Promise<ExportManifest | null> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException): string[] => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new CliError(`${dir} is a file, not a folder; export to a folder or a .zip.`);
    throw error;
  });
  if (entries.length === 0) return null;
  const manifest = entries.includes(MANIFEST_NAME)
    ? parseManifest(await readFile(join(dir, MANIFEST_NAME), 'utf8'))
    : null;
  if (manifest && isExportOf(manifest, source)) return manifest;
  const whose = manifest ? ` (it holds an export of vault "${manifest.vault}" from ${manifest.relay})` : '';
  throw new CliError(
    `${dir} is not empty${whose}. Export into a new or empty folder, or into an earlier export of this vault.`,
  );
}

// A stale file's folders go too when that leaves them empty, unless the vault still has them.
async function removeStale(dir: string, stale: readonly string[], folders: readonly string[]): Promise<void> {
  const kept = new Set(folders.map(pathKey));
  const emptied = new Set<string>();
  for (const path of stale) {
    await rm(fileInside(dir, path), { force: true });
    for (const folder of ancestorFoldersOf(path)) if (!kept.has(pathKey(folder))) emptied.add(folder);
  }
  const deepestFirst = [...emptied].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const folder of deepestFirst) await rmdir(fileInside(dir, folder)).catch(() => undefined);
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}
