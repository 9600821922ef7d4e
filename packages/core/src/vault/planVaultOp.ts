import { planCreateFolder, planEmptyTrash, planMoveFolder, planTrashFolder } from './planFolderOps';
import { planCreateNote, planMoveNote, planPurgeNote, planRestoreNote, planTrashNote } from './planNoteOps';
import type { VaultOp } from './vaultOps';
import type { VaultChange, VaultView } from './vaultTypes';

/**
 * Decides what one op does to a vault: the tree rules (CN*, TR*, FD*, PATH*) in one place, used by
 * the relay (over PostgreSQL) and the web app (over its local copy, to show offline results at once).
 * `now` is the deciding side's clock. Reads through `view`; writes nothing.
 */
export function planVaultOp(op: VaultOp, view: VaultView, now: number): Promise<VaultChange> {
  switch (op.kind) {
    case 'createNote':
    case 'createAttachment':
      return planCreateNote(op, view, now);
    case 'moveNote':
      return planMoveNote(op, view, now);
    case 'trashNote':
      return planTrashNote(op, view, now);
    case 'restoreNote':
      return planRestoreNote(op, view, now);
    case 'purgeNote':
      return planPurgeNote(op, view);
    case 'emptyTrash':
      return planEmptyTrash(op, view);
    case 'createFolder':
      return planCreateFolder(op, view);
    case 'moveFolder':
      return planMoveFolder(op, view, now);
    case 'trashFolder':
      return planTrashFolder(op, view, now);
  }
}
