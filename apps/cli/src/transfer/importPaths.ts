import {
  ancestorFoldersOf,
  type EntryKind,
  entryKindOf,
  fileNameOf,
  joinPath,
  type PathResult,
  pathKey,
  validateEntryPath,
  validateFolderPath,
} from '@baalda/core';
import type { SourceFile, SourceTree } from './importScan';
import type { TransferProblems } from './transferProblems';

/** A file the vault will take: where it goes and what it becomes (PATH11: `.md` is a note). */
export interface PlannedFile extends SourceFile {
  readonly path: string;
  readonly kind: EntryKind;
}

/**
 * XFER5: the vault path of every file and empty folder under `into` (checked already; '' for the root),
 * checked by the vault's own rules. A path the vault refuses, or one that is the same path as an earlier
 * file's on a case-insensitive vault (PATH9), is a problem naming the rule; the rest go ahead.
 */
export function planPaths(
  tree: SourceTree,
  into: string,
  problems: TransferProblems,
): { files: PlannedFile[]; folders: string[] } {
  const seen = new Map<string, string>();
  const accept = (relative: string, checked: PathResult, isFolder = false): string | null => {
    const refusal = checked.ok
      ? (folderRefusal(checked.path, isFolder) ?? takenBy(seen, checked.path))
      : checked.message;
    if (refusal || !checked.ok) {
      problems.add(relative, refusal ?? 'refused');
      return null;
    }
    seen.set(pathKey(checked.path), relative);
    return checked.path;
  };
  const files: PlannedFile[] = [];
  for (const file of tree.files) {
    const wanted = joinPath(into, file.relative);
    const kind = entryKindOf(wanted);
    const path = accept(file.relative, validateEntryPath(wanted, kind));
    if (path) files.push({ ...file, path, kind });
  }
  const folders = tree.emptyFolders.flatMap((folder) => {
    const path = accept(`${folder}/`, validateFolderPath(joinPath(into, folder)), true);
    return path ? [path] : [];
  });
  return { files, folders };
}

// FD4: a folder whose name ends in ".md" would look like a note on disk; the relay refuses it.
function folderRefusal(path: string, isFolder: boolean): string | null {
  const folders = isFolder ? [...ancestorFoldersOf(path), path] : ancestorFoldersOf(path);
  const looksLikeNote = folders.find((folder) => entryKindOf(folder) === 'note');
  return looksLikeNote ? `FD4: "${fileNameOf(looksLikeNote)}" is a folder whose name ends in ".md".` : null;
}

function takenBy(seen: ReadonlyMap<string, string>, path: string): string | null {
  const other = seen.get(pathKey(path));
  return other === undefined ? null : `PATH9: the same vault path as ${other} (paths ignore case).`;
}
