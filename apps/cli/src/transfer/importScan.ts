import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from '../cliError';
import { TEMP_MARK } from '../files/atomicWrite';

/** A file found in the folder being imported, by its path relative to that folder (`/` between names). */
export interface SourceFile {
  readonly relative: string;
  readonly file: string;
  readonly size: number;
}

/** What an import takes from a folder (XFER4): its files, its empty folders, and what it had to leave. */
export interface SourceTree {
  readonly files: SourceFile[];
  readonly emptyFolders: string[];
  /** Entries that are neither files nor folders (symbolic links, sockets …), which are never followed. */
  readonly unsupported: string[];
}

// Files editors and systems leave beside the real ones: swap and backup files, lock files, Emacs'
// autosaves, Office's owner files, Windows' thumbnails, and this command's own temporary files.
const EDITOR_LEFTOVERS = [/~$/, /\.(swp|swo|swx|tmp)$/i, /^#.*#$/, /^~\$/, /^(Thumbs\.db|desktop\.ini)$/i];

/**
 * XFER4: true for names an import skips without a word: dotfiles and dot-folders (`.obsidian/`, `.git/`,
 * `.trash/`, `.DS_Store`, `.baalda-export.json`) and editor leftovers.
 */
export function isIgnoredName(name: string): boolean {
  return name.startsWith('.') || name.includes(TEMP_MARK) || EDITOR_LEFTOVERS.some((pattern) => pattern.test(name));
}

/** Walks `root` (without following links) for the files and empty folders an import takes. */
export async function scanSource(root: string): Promise<SourceTree> {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) {
    const hint = /\.zip$/i.test(root) ? ' Unzip it first.' : '';
    throw new CliError(`${root} is not a folder; import takes a folder of Markdown and other files.${hint}`);
  }
  const tree: SourceTree = { files: [], emptyFolders: [], unsupported: [] };
  await walk(root, '', tree);
  return tree;
}

async function walk(folder: string, relative: string, tree: SourceTree): Promise<void> {
  const entries = (await readdir(folder, { withFileTypes: true })).filter((entry) => !isIgnoredName(entry.name));
  if (entries.length === 0 && relative) tree.emptyFolders.push(relative);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(folder, entry.name);
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walk(file, path, tree);
    else if (entry.isFile()) tree.files.push({ relative: path, file, size: (await stat(file)).size });
    else tree.unsupported.push(describe(entry, path));
  }
}

function describe(entry: Dirent, path: string): string {
  return entry.isSymbolicLink() ? `${path} (a symbolic link)` : `${path} (not a regular file)`;
}
