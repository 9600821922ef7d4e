import { joinPath, pathKey } from '../paths/notePath';
import type { VaultOp } from './vaultOps';
import type { OpOutcome, VaultChange, VaultOpErrorCode, VaultView } from './vaultTypes';

const NO_CHANGE = { putNotes: [], purgeDocIds: [], putFolders: [], removeFolders: [] } as const;

/** A change that only answers the client. */
export function answerOnly(outcome: OpOutcome): VaultChange {
  return { ...NO_CHANGE, outcome };
}

/** A refusal: nothing changes. */
export function refuseOp(op: VaultOp, code: VaultOpErrorCode, message: string, rule?: string): VaultChange {
  return answerOnly({ opId: op.opId, ok: false, kind: op.kind, code, message, ...(rule ? { rule } : {}) });
}

/** A change with the given parts and a successful outcome. */
export function succeed(
  op: VaultOp,
  parts: Partial<Omit<VaultChange, 'outcome'>>,
  outcome: Record<string, unknown> = {},
): VaultChange {
  return { ...NO_CHANGE, ...parts, outcome: { opId: op.opId, ok: true, kind: op.kind, ...outcome } };
}

/**
 * PATH10: folders are spelled the way the vault already spells them ("policies/x.md" goes into an
 * existing "Policies"), so a case-insensitive disk never sees two folders that are one.
 */
export async function canonicalizeFolders(path: string, view: VaultView): Promise<string> {
  const segments = path.split('/');
  for (let depth = 1; depth < segments.length; depth += 1) {
    const spelled = await view.folderPathByKey(pathKey(segments.slice(0, depth).join('/')));
    // Equal keys have equal numbers of "/", so the spelled folder replaces exactly `depth` segments.
    if (spelled !== undefined) segments.splice(0, depth, ...spelled.split('/'));
  }
  return segments.join('/');
}

/** The keys CN2's naming must avoid, for a collision at `path` (live notes in its folder that could clash). */
export async function takenKeysNear(path: string, folder: string, view: VaultView): Promise<Set<string>> {
  const firstCharacter = Array.from(path.slice(folder.length === 0 ? 0 : folder.length + 1))[0] ?? '';
  return view.liveKeysWithPrefix(pathKey(joinPath(folder, firstCharacter)));
}
