import { fail, type OpOutcome, type Result, type VaultOp } from '@baalda/core';
import { getFromRelay, postToRelay, type RelayCallCode } from '../relayApi';
import { toVaultNotes, type VaultSnapshot } from './vaultSnapshot';

// Tree and trash are two requests; a batch applied between them makes their versions differ. A couple of
// retries almost always lines them up, and a leftover mismatch heals at the next treeChanged anyway.
const MAX_SNAPSHOT_ATTEMPTS = 3;

/** `/api/vaults/:vault`, the root of one vault's routes. */
function vaultUrl(vaultId: string): string {
  return `/api/vaults/${encodeURIComponent(vaultId)}`;
}

/** `GET …/tree` and `GET …/trash`, read as one snapshot. */
export async function fetchVaultSnapshot(vaultId: string): Promise<Result<{ snapshot: VaultSnapshot }, RelayCallCode>> {
  const url = vaultUrl(vaultId);
  let snapshot: VaultSnapshot | undefined;
  for (let attempt = 0; attempt < MAX_SNAPSHOT_ATTEMPTS; attempt += 1) {
    const [tree, trash] = await Promise.all([getFromRelay(`${url}/tree`), getFromRelay(`${url}/trash`)]);
    if (!tree.ok) return tree;
    if (!trash.ok) return trash;
    const treeBody = tree.body as
      | { version?: unknown; notes?: unknown; folders?: unknown; explicitFolders?: unknown }
      | undefined;
    const trashBody = trash.body as { version?: unknown; notes?: unknown } | undefined;
    if (typeof treeBody?.version !== 'number' || !Array.isArray(treeBody.folders)) {
      return fail('RESPONSE_INVALID', 'The relay sent a tree we could not read.');
    }
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
  const answer = await postToRelay(`${vaultUrl(vaultId)}/ops`, { ops });
  if (!answer.ok) return answer;
  const body = answer.body as { version?: unknown; results?: unknown } | undefined;
  const results = Array.isArray(body?.results) ? body.results.filter(isOpOutcome) : [];
  if (typeof body?.version !== 'number' || results.length !== ops.length) {
    return fail('RESPONSE_INVALID', 'The relay answered the tree changes in a form we could not read.');
  }
  return { ok: true, version: body.version, results };
}

function isOpOutcome(value: unknown): value is OpOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const outcome = value as Record<string, unknown>;
  if (typeof outcome.opId !== 'string' || typeof outcome.ok !== 'boolean') return false;
  return outcome.ok || (typeof outcome.code === 'string' && typeof outcome.message === 'string');
}
