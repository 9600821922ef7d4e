import { fileNameOf, type OpOutcome, titleFromPath, type VaultOp } from '@baalda/core';

/**
 * What to tell a person when the relay refused one of their tree changes (it has been undone here too).
 * `pathOf` names a note by its path as this device last showed it.
 */
export function describeRefusal(
  op: VaultOp,
  outcome: Extract<OpOutcome, { ok: false }>,
  pathOf: (docId: string) => string | undefined,
): string {
  const note = (docId: string) => {
    const path = pathOf(docId);
    return path === undefined ? 'A note' : quote(titleFromPath(path));
  };
  const reason = outcome.message;
  switch (op.kind) {
    case 'createNote':
      return `The new note ${quote(titleFromPath(op.path))} was not created: ${reason}`;
    // Only the relay makes this op (ATT2); an outbox never holds one, but the switch must name every kind.
    case 'createAttachment':
      return `The file ${quote(fileNameOf(op.path))} was not added: ${reason}`;
    case 'moveNote':
      return `Renaming or moving ${note(op.docId)} was undone: ${reason}`;
    case 'trashNote':
      return `${note(op.docId)} was not moved to the trash: ${reason}`;
    case 'restoreNote':
      return `${note(op.docId)} could not be restored: ${reason}`;
    case 'purgeNote':
      return `${note(op.docId)} could not be deleted: ${reason}`;
    case 'emptyTrash':
      return `The trash could not be emptied: ${reason}`;
    case 'createFolder':
      return `The folder ${quote(fileNameOf(op.path))} was not created: ${reason}`;
    case 'moveFolder':
      return `Renaming or moving the folder ${quote(fileNameOf(op.path))} was undone: ${reason}`;
    case 'trashFolder':
      return `The folder ${quote(fileNameOf(op.path))} was not moved to the trash: ${reason}`;
  }
}

function quote(name: string): string {
  return `“${name}”`;
}
