import { fail, OPS_ANSWER, type OpOutcome, type Result, type VaultOp } from '@baalda/core';
import { API, type ApiInput } from '@baalda/core/api';
import { z } from 'zod';
import { readAnswer } from '../relayAnswer';
import { callRelay, type RelayCallCode, relaxAnswers } from '../relayApi';
import { toVaultNotes, type VaultSnapshot } from './vaultSnapshot';

// Tree and trash are two requests; a batch applied between them makes their versions differ. A couple of
// retries almost always lines them up, and a leftover mismatch heals at the next treeChanged anyway.
const MAX_SNAPSHOT_ATTEMPTS = 3;

// CT1, read leniently where an older relay differs: notes are read one by one (toVaultNotes), and a
// relay from before FD1 sends no `explicitFolders`.
const TREE_VIEW = z.object({
  version: z.number(),
  notes: z.unknown(),
  folders: z.array(z.unknown()),
  explicitFolders: z.array(z.unknown()).optional(),
});
const TRASH_VIEW = z.object({ version: z.unknown(), notes: z.unknown() }).partial();
const READ_TREE = relaxAnswers(API.readTree, () => TREE_VIEW);
const READ_TRASH = relaxAnswers(API.readTrash, () => TRASH_VIEW);

/** `GET …/tree` and `GET …/trash`, read as one snapshot. */
export async function fetchVaultSnapshot(vaultId: string): Promise<Result<{ snapshot: VaultSnapshot }, RelayCallCode>> {
  let snapshot: VaultSnapshot | undefined;
  for (let attempt = 0; attempt < MAX_SNAPSHOT_ATTEMPTS; attempt += 1) {
    const [tree, trash] = await Promise.all([
      callRelay(READ_TREE, { params: { vaultId } }),
      callRelay(READ_TRASH, { params: { vaultId } }),
    ]);
    const read = readAnswer(tree, TREE_VIEW);
    if (!read.ok) return read;
    if (!trash.ok) return trash;
    const treeBody = read.answer;
    const trashBody = TRASH_VIEW.safeParse(trash.answer).data;
    snapshot = {
      version: treeBody.version,
      notes: toVaultNotes(treeBody.notes),
      // Only explicit folders seed the local vault; the rest come back from the notes that imply them, so a
      // folder emptied by an offline move disappears at once (FD1).
      folders: (Array.isArray(treeBody.explicitFolders) ? treeBody.explicitFolders : treeBody.folders).filter(
        (path): path is string => typeof path === 'string',
      ),
      trash: toVaultNotes(trashBody?.notes),
    };
    if (trashBody?.version === treeBody.version) break;
  }
  return snapshot ? { ok: true, snapshot } : fail('RESPONSE_INVALID', 'The relay sent no tree.');
}

/** `POST …/ops`: one outcome per op, in order, and the tree version after the batch. */
export async function postVaultOps(
  vaultId: string,
  ops: readonly VaultOp[],
): Promise<Result<{ version: number; results: OpOutcome[] }, RelayCallCode>> {
  // The wire lists the ops a client sends; VaultOp also has createAttachment, which only an upload makes.
  const body = { ops: [...ops] } as ApiInput<typeof API.applyOps>['body'];
  const read = readAnswer(await callRelay(API.applyOps, { params: { vaultId }, body }), OPS_ANSWER);
  if (!read.ok) return read;
  const { version, results } = read.answer;
  if (results.length !== ops.length) {
    return fail('RESPONSE_INVALID', `The relay answered ${results.length} of ${ops.length} tree changes.`);
  }
  return { ok: true, version, results };
}
