import { randomBytes } from 'node:crypto';
import {
  docIdFromRandomBytes,
  type OpOutcome,
  pathKey,
  type VaultOp,
  validateFolderPath,
  validateNotePath,
} from '@baalda/core';
import { CliError, EXIT } from './cliError';
import { type Command, TOKEN_OPTIONS } from './commandTypes';
import type { ApiNote, RelayClient } from './relayClient';

const newId = () => docIdFromRandomBytes(randomBytes(21));

function requireValid(result: { ok: true; path: string } | { ok: false; message: string }): string {
  if (!result.ok) throw new CliError(result.message);
  return result.path;
}

function findByPathOrId(notes: readonly ApiNote[], target: string): ApiNote | undefined {
  return notes.find((note) => note.docId === target) ?? notes.find((note) => pathKey(note.path) === pathKey(target));
}

function report(outcome: OpOutcome, done: (outcome: Extract<OpOutcome, { ok: true }>) => string): string {
  if (!outcome.ok) throw new CliError(`${outcome.code}: ${outcome.message}`, EXIT.refused);
  return done(outcome);
}

/** `tree`: every folder and live note, conflict-renamed notes marked. */
export async function listTree(client: RelayClient): Promise<string> {
  const { notes, folders } = await client.tree();
  const lines = [
    ...folders.map((folder) => `${folder}/`),
    ...notes.map((note) => `${note.path}${note.conflictOf ? '  [conflict]' : ''}`),
  ];
  return lines.sort((a, b) => a.localeCompare(b)).join('\n') || '(empty vault)';
}

/** `trash`: trashed notes with their ids (restore takes either). */
export async function listTrash(client: RelayClient): Promise<string> {
  const { notes } = await client.trash();
  return notes.map((note) => `${note.docId}  ${note.path}`).join('\n') || '(trash is empty)';
}

/** `new <path>`: an empty note. */
export async function createNote(client: RelayClient, rawPath: string): Promise<string> {
  const path = requireValid(validateNotePath(rawPath));
  const op: VaultOp = { opId: newId(), kind: 'createNote', docId: newId(), path, createdAt: Date.now() };
  return report(await client.apply(op), (outcome) =>
    outcome.renamedFrom
      ? `created ${outcome.path} (renamed: ${outcome.renamedFrom} exists)`
      : `created ${outcome.path}`,
  );
}

/** `mkdir <path>`. */
export async function createFolder(client: RelayClient, rawPath: string): Promise<string> {
  const path = requireValid(validateFolderPath(rawPath));
  return report(
    await client.apply({ opId: newId(), kind: 'createFolder', path }),
    (outcome) => `folder ${outcome.path}`,
  );
}

/** `mv <note path|docId|folder> <new path>`: renames or moves a note or a folder. */
export async function move(client: RelayClient, from: string, rawTarget: string): Promise<string> {
  const { notes, folders } = await client.tree();
  const note = findByPathOrId(notes, from);
  if (note) {
    const path = requireValid(validateNotePath(rawTarget));
    return report(
      await client.apply({ opId: newId(), kind: 'moveNote', docId: note.docId, path }),
      (outcome) => `moved to ${outcome.path}`,
    );
  }
  if (!folders.some((folder) => pathKey(folder) === pathKey(from)))
    throw new CliError(`No note or folder "${from}".`, EXIT.refused);
  const newPath = requireValid(validateFolderPath(rawTarget));
  return report(
    await client.apply({ opId: newId(), kind: 'moveFolder', path: from, newPath }),
    (outcome) => `moved folder to ${outcome.path}`,
  );
}

/** `rm <note path|docId|folder>`: to the trash. */
export async function trash(client: RelayClient, target: string): Promise<string> {
  const { notes } = await client.tree();
  const note = findByPathOrId(notes, target);
  const op: VaultOp = note
    ? { opId: newId(), kind: 'trashNote', docId: note.docId }
    : { opId: newId(), kind: 'trashFolder', path: target };
  return report(
    await client.apply(op),
    (outcome) => `moved to trash: ${outcome.path}${outcome.count === undefined ? '' : ` (${outcome.count} notes)`}`,
  );
}

/** `restore <path|docId>`: back from the trash. */
export async function restore(client: RelayClient, target: string): Promise<string> {
  const note = findByPathOrId((await client.trash()).notes, target);
  if (!note) throw new CliError(`No note "${target}" in the trash.`, EXIT.refused);
  return report(await client.apply({ opId: newId(), kind: 'restoreNote', docId: note.docId }), (outcome) =>
    outcome.renamedFrom ? `restored as ${outcome.path} (${outcome.renamedFrom} is taken)` : `restored ${outcome.path}`,
  );
}

/** `empty-trash`. */
export async function emptyTrash(client: RelayClient): Promise<string> {
  return report(
    await client.apply({ opId: newId(), kind: 'emptyTrash' }),
    (outcome) => `deleted ${outcome.count ?? 0} notes for good`,
  );
}

const treeCommand = (
  arity: number,
  usage: string,
  run: (client: RelayClient, args: readonly string[]) => Promise<string>,
): Command => ({
  arity,
  options: TOKEN_OPTIONS,
  usage,
  run: (input) => run(input.relay(), input.args),
});

/** The tree commands, as the holder of a personal access token for one vault. */
export const TREE_COMMANDS: Record<string, Command> = {
  tree: treeCommand(0, '  tree                       list folders and notes', (client) => listTree(client)),
  trash: treeCommand(0, '  trash                      list the trash', (client) => listTrash(client)),
  new: treeCommand(1, '  new <path.md>              create an empty note', (client, [path = '']) =>
    createNote(client, path),
  ),
  mkdir: treeCommand(1, '  mkdir <folder>             create a folder', (client, [path = '']) =>
    createFolder(client, path),
  ),
  mv: treeCommand(2, '  mv <note|folder> <path>    rename or move', (client, [from = '', to = '']) =>
    move(client, from, to),
  ),
  rm: treeCommand(1, '  rm <note|folder>           move to the trash', (client, [target = '']) =>
    trash(client, target),
  ),
  restore: treeCommand(1, '  restore <path|docId>       bring back from the trash', (client, [target = '']) =>
    restore(client, target),
  ),
  'empty-trash': treeCommand(0, '  empty-trash                delete everything in the trash for good', (client) =>
    emptyTrash(client),
  ),
};
