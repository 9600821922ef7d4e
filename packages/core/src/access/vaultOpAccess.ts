import { folderNotFound } from '../vault/planFolderOps';
import type { VaultOp } from '../vault/vaultOps';
import type { VaultChange, VaultView } from '../vault/vaultTypes';

/**
 * ACL7: the paths an op names as where it writes, checked before it is planned, so an op aimed into a
 * private folder is refused as FORBIDDEN before planning could answer PATH_TAKEN about what lies there.
 * @example pathsAnOpWrites({ kind: 'moveFolder', path: 'A', newPath: 'B/A', opId: 'x' }) // ['A', 'B/A']
 */
export function pathsAnOpWrites(op: VaultOp): string[] {
  switch (op.kind) {
    case 'createNote':
    case 'createAttachment':
    case 'moveNote':
    case 'createFolder':
    case 'trashFolder':
      return [op.path];
    case 'moveFolder':
      return [op.path, op.newPath];
    default:
      return [];
  }
}

/**
 * ACL9: an op that moves or trashes a folder the caller can't read is answered as one whose folder doesn't
 * exist (`FOLDER_NOT_FOUND`, the same words), before ACL7's write check could answer FORBIDDEN about it.
 * Null when the op names no such folder.
 */
export function hiddenFolderRefusal(op: VaultOp, canRead: (path: string) => boolean): VaultChange | null {
  if (op.kind !== 'moveFolder' && op.kind !== 'trashFolder') return null;
  return canRead(op.path) ? null : folderNotFound(op);
}

/**
 * ACL7: planning as the caller sees the vault. A note the caller can't read is not found (the same
 * answer as no note at all), and the trash lists only readable notes, so emptying it purges only those.
 * Collision lookups still see every note: a path is taken whoever can see what takes it.
 */
export function callerVaultView(view: VaultView, canRead: (path: string) => boolean): VaultView {
  return {
    ...view,
    noteById: async (docId) => {
      const note = await view.noteById(docId);
      return note && canRead(note.path) ? note : undefined;
    },
    // DOC5: a hidden note's id is as unusable as another vault's; a create under it must not move it out.
    isDocIdTaken: async (docId) => (await view.noteById(docId)) !== undefined || view.isDocIdTaken(docId),
    trashedNotes: async () => (await view.trashedNotes()).filter((note) => canRead(note.path)),
  };
}

/**
 * ACL7: true when the caller may write every path the planned change touches: where each changed note
 * was (`pathBefore`) and where it goes, each folder made or removed, each purged note. This catches what
 * the op did not name, such as a private folder inside a folder being moved or trashed.
 */
export function mayApplyChange(
  change: VaultChange,
  pathBefore: (docId: string) => string | undefined,
  canWrite: (path: string) => boolean,
): boolean {
  const touched: string[] = [...change.putFolders, ...change.removeFolders];
  for (const note of change.putNotes) {
    touched.push(note.path);
    const before = pathBefore(note.docId);
    if (before !== undefined) touched.push(before);
  }
  for (const docId of change.purgeDocIds) {
    const before = pathBefore(docId);
    if (before !== undefined) touched.push(before);
  }
  return touched.every(canWrite);
}
