import { canReadPath, canWritePath, type FolderRestriction, vaultAccessDecision } from '@baalda/core';
import type { VaultAccess } from './callers';

/** ACL4 for one request: what the caller may read and write in the vault, decided by core alone. */
export interface VaultGuard {
  /** False for viewers and read-only tokens: every op is refused before planning. */
  readonly mayWriteVault: boolean;
  canRead(path: string): boolean;
  canWrite(path: string): boolean;
  /** ACL5: the hidden folder keys, for SQL predicates and the search copy. */
  readonly hidden: readonly string[];
  /** ACL2: the vault's private folders, for rules about every reader of a note (LNK8). */
  readonly restrictions: readonly FolderRestriction[];
  /** OP3: whose ops these are (the user, whether by session or token); their op ids are theirs alone. */
  readonly actorId: string;
}

/** The guard for a caller's access to a vault at `now`. */
export function guardOf(access: VaultAccess, now: Date): VaultGuard {
  const time = now.getTime();
  const { principal, restrictions } = access;
  return {
    mayWriteVault: vaultAccessDecision(principal, time).write,
    canRead: (path) => canReadPath(principal, path, restrictions, time),
    canWrite: (path) => canWritePath(principal, path, restrictions, time),
    hidden: access.hidden,
    restrictions,
    actorId: principal.userId,
  };
}
