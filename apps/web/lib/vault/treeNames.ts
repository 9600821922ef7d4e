import {
  entryKindOf,
  extensionOf,
  fileNameOf,
  joinPath,
  NOTE_EXTENSION,
  type PathFailure,
  type PathResult,
  parentFolderOf,
  pathKey,
  validateAttachmentPath,
  validateFolderPath,
  validateNotePath,
} from '@baalda/core';

/** The name a new note starts with (TTL1 turns "Untitled.md" into the title "Untitled"). */
export const NEW_NOTE_NAME = 'Untitled';
/** The name a new folder starts with. */
export const NEW_FOLDER_NAME = 'New folder';

/**
 * The first free path of "<name><extension>", "<name> 2<extension>", "<name> 3<extension>"… in `folder`,
 * free meaning no taken path has its key (PATH9).
 * @example firstFreePath('', 'Untitled', '.md', new Set(['untitled.md'])) // 'Untitled 2.md'
 */
export function firstFreePath(folder: string, name: string, extension: string, takenKeys: ReadonlySet<string>): string {
  for (let attempt = 1; ; attempt += 1) {
    const candidate = joinPath(folder, `${name}${attempt === 1 ? '' : ` ${attempt}`}${extension}`);
    if (!takenKeys.has(pathKey(candidate))) return candidate;
  }
}

/** What a rename typed in the tree asks for. */
export type RenamePlan =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'move'; readonly path: string }
  | { readonly kind: 'invalid'; readonly failure: PathFailure };

/**
 * Turns the name typed over an item into the item's new path, in the same folder (a "/" in the name moves
 * it into a subfolder, as on disk). Notes keep their ".md" whether or not it was typed. An attachment's
 * name is taken as typed, extension included: any name but a ".md" one (PATH11: that would make it a
 * note). Surrounding spaces are dropped (PATH6 would refuse them anyway); an empty name changes nothing.
 */
export function planRename(kind: 'note' | 'folder', currentPath: string, typed: string): RenamePlan {
  const name = typed.trim();
  if (name === '') return { kind: 'unchanged' };
  const checked = checkNewPath(kind, currentPath, name);
  if (!checked.ok) return { kind: 'invalid', failure: checked };
  return checked.path === currentPath ? { kind: 'unchanged' } : { kind: 'move', path: checked.path };
}

function checkNewPath(kind: 'note' | 'folder', currentPath: string, name: string): PathResult {
  const folder = parentFolderOf(currentPath);
  if (kind === 'folder') return validateFolderPath(joinPath(folder, name));
  if (entryKindOf(currentPath) === 'attachment') return validateAttachmentPath(joinPath(folder, name));
  return validateNotePath(joinPath(folder, `${stripExtension(name)}${NOTE_EXTENSION}`));
}

/**
 * What the rename field shows for an entry (a note's title, an attachment's whole name) and how much of it
 * starts selected: all of a note's, an attachment's name without its extension, so typing keeps it.
 */
export function renameFieldOf(path: string): { readonly text: string; readonly selectionEnd: number } {
  const name = fileNameOf(path);
  if (entryKindOf(path) === 'note') {
    const title = stripExtension(name);
    return { text: title, selectionEnd: title.length };
  }
  return { text: name, selectionEnd: name.length - extensionOf(name).length };
}

function stripExtension(name: string): string {
  return name.toLowerCase().endsWith(NOTE_EXTENSION) ? name.slice(0, -NOTE_EXTENSION.length) : name;
}

/**
 * Where "New note" and "New folder" put things: the folder picked last ('' for the root) while it still
 * exists, else next to the open note, else the root.
 */
export function folderForNewItems(picked: string | null, folders: readonly string[], openPath: string | null): string {
  if (picked === '') return '';
  if (picked !== null && folders.some((path) => pathKey(path) === pathKey(picked))) return picked;
  return openPath ? parentFolderOf(openPath) : '';
}
