import { pathKey } from '../paths/notePath';
import type { AccessDecision } from './accessReasons';
import type { FolderRestriction, Principal } from './accessTypes';
import { isMemberOfEvery } from './privateFolders';
import { hasRoleAtLeast } from './roles';
import { isReadOnlyToken, tokenRefusalOf } from './tokens';

const NOTHING = { read: false, write: false } as const;

/**
 * ACL1, ACL3: what the principal may do in its vault before any folder is looked at: the rights on
 * every path no private folder covers. The relay asks this when a socket or request is authenticated;
 * `read: false` with a `TOKEN_*` reason is a 401, with `NO_ROLE` the vault is not theirs to see.
 * @example vaultAccessDecision({ userId: 'bob', vaultId: 'v1', role: 'viewer' }, now)
 * // { read: true, write: false, reason: 'READ_ONLY' }
 */
export function vaultAccessDecision(principal: Principal, now: number): AccessDecision {
  const refusal = tokenRefusalOf(principal, now);
  if (refusal !== null) return { ...NOTHING, reason: refusal };
  if (principal.role === null) return { ...NOTHING, reason: 'NO_ROLE' };
  if (!hasRoleAtLeast(principal.role, 'editor') || isReadOnlyToken(principal)) {
    return { read: true, write: false, reason: 'READ_ONLY' };
  }
  return { read: true, write: true, reason: 'OK' };
}

/**
 * ACL4: the one decision on "may this principal read / write this note or folder". `path` is a note's
 * or folder's path as stored (compared by key, PATH9); `restrictions` are those of the principal's
 * vault. Owners get no way round a private folder (ACL2). The reason is the first that applies, in
 * {@link ACCESS_REASONS} order, so the same request always logs the same code.
 * @example accessDecision(alice, 'HR/Salaries.md', [{ folderKey: 'hr', members: new Set(['bob']) }], now)
 * // { read: false, write: false, reason: 'PRIVATE_FOLDER' }
 */
export function accessDecision(
  principal: Principal,
  path: string,
  restrictions: readonly FolderRestriction[],
  now: number,
): AccessDecision {
  const inVault = vaultAccessDecision(principal, now);
  if (!inVault.read) return inVault;
  if (!isMemberOfEvery(principal.userId, pathKey(path), restrictions)) {
    return { ...NOTHING, reason: 'PRIVATE_FOLDER' };
  }
  return inVault;
}

/** ACL4: true when the principal may read the note or folder at `path` (see {@link accessDecision}). */
export function canReadPath(
  principal: Principal,
  path: string,
  restrictions: readonly FolderRestriction[],
  now: number,
): boolean {
  return accessDecision(principal, path, restrictions, now).read;
}

/**
 * ACL4: true when the principal may change the note or folder at `path` (see {@link accessDecision}).
 * A move or rename writes both where a note was and where it goes: the relay asks for both paths.
 */
export function canWritePath(
  principal: Principal,
  path: string,
  restrictions: readonly FolderRestriction[],
  now: number,
): boolean {
  return accessDecision(principal, path, restrictions, now).write;
}
