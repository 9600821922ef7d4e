import { conflictPath } from '../conflicts/conflictName';
import { type EntryKind, entryKindOf, parentFolderOf, pathKey, validateEntryPath } from '../paths/notePath';
import { canonicalizeFolders, refuseOp, succeed, takenKeysNear } from './planSupport';
import type { CreateAttachmentOp, CreateNoteOp, MoveNoteOp, PurgeNoteOp, RestoreNoteOp, TrashNoteOp } from './vaultOps';
import type { VaultChange, VaultNote, VaultView } from './vaultTypes';

// DOC5: one message whatever made the id unusable, so the answer tells nothing about the note behind it.
const DOC_ID_UNAVAILABLE_MESSAGE = 'That id cannot be used for a new note; make a new one.';

/**
 * CN1: a new note (or attachment, PATH11) whose path a different live entry holds is kept under a CN2
 * conflict name. A replayed create (same docId) changes nothing and answers with the entry's current path.
 * DOC5: an id the view can't show as a note of its own (purged, another vault's, hidden) is refused.
 */
export async function planCreateNote(
  op: CreateNoteOp | CreateAttachmentOp,
  view: VaultView,
  now: number,
): Promise<VaultChange> {
  const kind: EntryKind = op.kind === 'createNote' ? 'note' : 'attachment';
  const checked = validateEntryPath(op.path, kind);
  if (!checked.ok) return refuseOp(op, 'PATH_INVALID', checked.message, checked.rule);
  const existing = await view.noteById(op.docId);
  if (existing) return succeed(op, {}, { docId: op.docId, path: existing.path });
  if (await view.isDocIdTaken(op.docId)) return refuseOp(op, 'DOC_ID_UNAVAILABLE', DOC_ID_UNAVAILABLE_MESSAGE);
  const wanted = await canonicalizeFolders(checked.path, view);
  const placed = await placeAvoidingCollision(wanted, op.createdAt, view);
  const note: VaultNote = {
    docId: op.docId,
    path: placed.path,
    createdAt: op.createdAt,
    updatedAt: now,
    deletedAt: null,
    conflictOf: placed.conflictOf,
  };
  return succeed(
    op,
    { putNotes: [note] },
    { docId: op.docId, path: placed.path, ...(placed.conflictOf ? { renamedFrom: wanted } : {}) },
  );
}

async function placeAvoidingCollision(
  path: string,
  createdAt: number,
  view: VaultView,
): Promise<{ path: string; conflictOf: string | null }> {
  const occupant = await view.liveNoteByKey(pathKey(path));
  if (!occupant) return { path, conflictOf: null };
  const taken = await takenKeysNear(path, parentFolderOf(path), view);
  return { path: conflictPath(path, createdAt, (key) => taken.has(key)), conflictOf: occupant.docId };
}

/**
 * CN4: renames and moves onto a path another live note holds are refused, never renamed silently.
 * CN6: renaming a conflict-renamed note resolves the conflict, so its marker goes.
 */
export async function planMoveNote(op: MoveNoteOp, view: VaultView, now: number): Promise<VaultChange> {
  const checked = validateEntryPath(op.path, entryKindOf(op.path));
  if (!checked.ok) return refuseOp(op, 'PATH_INVALID', checked.message, checked.rule);
  const note = await view.noteById(op.docId);
  if (!note) return refuseOp(op, 'NOTE_NOT_FOUND', 'No note has that id.');
  const kindRefusal = keepsItsKind(op, note.path, checked.path);
  if (kindRefusal) return kindRefusal;
  if (note.deletedAt !== null)
    return refuseOp(op, 'NOTE_IN_TRASH', 'Restore the note from the trash before moving it.');
  const target = await canonicalizeFolders(checked.path, view);
  const occupant = await view.liveNoteByKey(pathKey(target));
  if (occupant && occupant.docId !== note.docId) {
    return refuseOp(op, 'PATH_TAKEN', `"${occupant.path}" already exists; choose another name.`, 'CN4');
  }
  const moved: VaultNote = { ...note, path: target, updatedAt: now, conflictOf: null };
  return succeed(op, { putNotes: [moved] }, { docId: note.docId, path: target });
}

// PATH11: the kind lives in the name, so a rename that changed it would turn a note into a file.
function keepsItsKind(op: MoveNoteOp, from: string, to: string): VaultChange | null {
  if (entryKindOf(from) === entryKindOf(to)) return null;
  if (entryKindOf(from) === 'note') {
    return refuseOp(op, 'PATH_INVALID', 'PATH8: A note path must end in a name followed by ".md".', 'PATH8');
  }
  return refuseOp(op, 'PATH_INVALID', 'PATH11: An attachment cannot take a ".md" name; that is for notes.', 'PATH11');
}

/** TR1: trashing keeps the note (text, history, path) and hides it from the tree; repeating it is a no-op. */
export async function planTrashNote(op: TrashNoteOp, view: VaultView, now: number): Promise<VaultChange> {
  const note = await view.noteById(op.docId);
  if (!note) return refuseOp(op, 'NOTE_NOT_FOUND', 'No note has that id.');
  if (note.deletedAt !== null) return succeed(op, {}, { docId: note.docId, path: note.path });
  return succeed(
    op,
    { putNotes: [{ ...note, deletedAt: now, updatedAt: now }] },
    { docId: note.docId, path: note.path },
  );
}

/** TR2/CN5: a restored note returns to its path, or to a CN2 conflict name if that path is taken now. */
export async function planRestoreNote(op: RestoreNoteOp, view: VaultView, now: number): Promise<VaultChange> {
  const note = await view.noteById(op.docId);
  if (!note) return refuseOp(op, 'NOTE_NOT_FOUND', 'No note has that id.');
  if (note.deletedAt === null) return succeed(op, {}, { docId: note.docId, path: note.path });
  const wanted = await canonicalizeFolders(note.path, view);
  const placed = await placeAvoidingCollision(wanted, note.createdAt, view);
  const restored: VaultNote = {
    ...note,
    path: placed.path,
    deletedAt: null,
    updatedAt: now,
    conflictOf: placed.conflictOf ?? note.conflictOf,
  };
  return succeed(
    op,
    { putNotes: [restored] },
    { docId: note.docId, path: placed.path, ...(placed.conflictOf ? { renamedFrom: wanted } : {}) },
  );
}

/** TR3: only a trashed note can be purged; its id is retired. Purging twice is a no-op. */
export async function planPurgeNote(op: PurgeNoteOp, view: VaultView): Promise<VaultChange> {
  if (await view.isRetired(op.docId)) return succeed(op, {}, { docId: op.docId, count: 0 });
  const note = await view.noteById(op.docId);
  if (!note) return refuseOp(op, 'NOTE_NOT_FOUND', 'No note has that id.');
  if (note.deletedAt === null) return refuseOp(op, 'NOTE_NOT_IN_TRASH', 'Move the note to the trash first.');
  return succeed(op, { purgeDocIds: [note.docId] }, { docId: note.docId, count: 1 });
}
