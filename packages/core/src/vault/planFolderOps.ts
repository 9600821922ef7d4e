import type { PathFailure } from '../paths/notePath';
import { entryKindOf, NOTE_EXTENSION, pathKey, validateEntryPath, validateFolderPath } from '../paths/notePath';
import { canonicalizeFolders, refuseOp, succeed } from './planSupport';
import type { CreateFolderOp, EmptyTrashOp, MoveFolderOp, TrashFolderOp, VaultOp } from './vaultOps';
import type { VaultChange, VaultView } from './vaultTypes';

// FD4: a folder name ending in ".md" would look like a note on disk.
function checkFolderPath(op: VaultOp, raw: string): { ok: true; path: string } | { ok: false; change: VaultChange } {
  const checked = validateFolderPath(raw);
  if (!checked.ok) return { ok: false, change: refusePath(op, checked) };
  if (checked.path.toLowerCase().endsWith(NOTE_EXTENSION)) {
    return { ok: false, change: refuseOp(op, 'PATH_INVALID', 'FD4: A folder name must not end in ".md".', 'FD4') };
  }
  return checked;
}

function refusePath(op: VaultOp, failure: PathFailure): VaultChange {
  return refuseOp(op, 'PATH_INVALID', failure.message, failure.rule);
}

/** FD1: creating a folder that exists (by key) is a no-op that answers with the existing spelling. */
export async function planCreateFolder(op: CreateFolderOp, view: VaultView): Promise<VaultChange> {
  const checked = checkFolderPath(op, op.path);
  if (!checked.ok) return checked.change;
  const existing = await view.folderPathByKey(pathKey(checked.path));
  if (existing !== undefined) return succeed(op, {}, { path: existing });
  const path = await canonicalizeFolders(checked.path, view);
  return succeed(op, { putFolders: [path] }, { path });
}

/**
 * FD2: moving a folder moves every live note and explicit folder inside it. Refused when the target
 * folder exists (CN4: never merged silently) or lies inside the source.
 */
export async function planMoveFolder(op: MoveFolderOp, view: VaultView, now: number): Promise<VaultChange> {
  const target = checkFolderPath(op, op.newPath);
  if (!target.ok) return target.change;
  const sourceKey = pathKey(op.path);
  const source = await view.folderPathByKey(sourceKey);
  if (source === undefined) return folderNotFound(op);
  const targetKey = pathKey(target.path);
  if (targetKey !== sourceKey && targetKey.startsWith(`${sourceKey}/`)) {
    return refuseOp(op, 'FOLDER_INTO_ITSELF', 'A folder cannot move into itself.');
  }
  const occupant = targetKey === sourceKey ? undefined : await view.folderPathByKey(targetKey);
  if (occupant !== undefined) return refuseOp(op, 'PATH_TAKEN', `A folder "${occupant}" already exists.`, 'CN4');
  const destination = await canonicalizeFolders(target.path, view);
  return moveContents(op, view, { source, destination, now });
}

async function moveContents(
  op: MoveFolderOp,
  view: VaultView,
  move: { source: string; destination: string; now: number },
): Promise<VaultChange> {
  const rebase = (path: string) => move.destination + path.slice(move.source.length);
  const notes = await view.liveNotesInFolder(pathKey(move.source));
  const moved = notes.map((note) => ({ ...note, path: rebase(note.path), updatedAt: move.now }));
  for (const note of moved) {
    const checked = validateEntryPath(note.path, entryKindOf(note.path));
    // Names the moved folder, not the note: the note may lie in a private folder the caller can't read
    // (ACL7 plans in the caller's view, but a folder's contents are not filtered), and names say a lot.
    if (!checked.ok) return refusePath(op, { ...checked, message: `${checked.message} (a note in "${move.source}")` });
  }
  const folders = await view.explicitFoldersInFolder(pathKey(move.source));
  const putFolders = folders.length > 0 ? folders.map(rebase) : [move.destination];
  return succeed(
    op,
    { putNotes: moved, removeFolders: folders, putFolders },
    { path: move.destination, count: moved.length },
  );
}

/** FD3: trashing a folder trashes every live note inside it and removes its explicit folders. */
export async function planTrashFolder(op: TrashFolderOp, view: VaultView, now: number): Promise<VaultChange> {
  const key = pathKey(op.path);
  const source = await view.folderPathByKey(key);
  if (source === undefined) return folderNotFound(op);
  const notes = await view.liveNotesInFolder(key);
  const trashed = notes.map((note) => ({ ...note, deletedAt: now, updatedAt: now }));
  const removeFolders = await view.explicitFoldersInFolder(key);
  return succeed(op, { putNotes: trashed, removeFolders }, { path: source, count: trashed.length });
}

/** TR3: emptying the trash purges every trashed note and retires their ids. */
export async function planEmptyTrash(op: EmptyTrashOp, view: VaultView): Promise<VaultChange> {
  const trashed = await view.trashedNotes();
  return succeed(op, { purgeDocIds: trashed.map((note) => note.docId) }, { count: trashed.length });
}

/**
 * The answer for a folder op whose folder doesn't exist, and (ACL9) for one whose folder the caller can't
 * read: one wording for both, so the refusal says nothing about what a private folder is called.
 */
export function folderNotFound(op: MoveFolderOp | TrashFolderOp): VaultChange {
  return refuseOp(op, 'FOLDER_NOT_FOUND', `There is no folder "${op.path}".`);
}
