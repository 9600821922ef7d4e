import type { AccessReason } from './accessReasons';
import type { Principal } from './accessTypes';

/**
 * ACL3: why the principal's token takes away all access to its vault, or null when it takes none
 * (no token, or a live token for this vault). Revoked wins over expired: it is the more deliberate act.
 * @example tokenRefusalOf({ userId: 'alice', vaultId: 'v1', role: 'owner' }, 0) // null
 */
export function tokenRefusalOf(
  principal: Principal,
  now: number,
): Extract<AccessReason, 'TOKEN_REVOKED' | 'TOKEN_EXPIRED' | 'TOKEN_OTHER_VAULT'> | null {
  const token = principal.token;
  if (token === undefined) return null;
  if (token.revoked) return 'TOKEN_REVOKED';
  if (token.expiresAt !== null && now >= token.expiresAt) return 'TOKEN_EXPIRED';
  if (token.vaultId !== principal.vaultId) return 'TOKEN_OTHER_VAULT';
  return null;
}

/** ACL3: true when the principal's token forbids writing even where its user could write. */
export function isReadOnlyToken(principal: Principal): boolean {
  return principal.token?.readOnly === true;
}
