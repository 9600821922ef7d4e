import type { VaultRole } from './accessTypes';

/** ACL1: the vault roles, most rights first; each includes every role after it. */
export const VAULT_ROLES = ['owner', 'editor', 'viewer'] as const satisfies readonly VaultRole[];

/**
 * ACL1: true when `role` includes `least` (owner ⊇ editor ⊇ viewer). No role includes nothing.
 * @example hasRoleAtLeast('owner', 'editor') // true
 */
export function hasRoleAtLeast(role: VaultRole | null, least: VaultRole): boolean {
  if (role === null) return false;
  return VAULT_ROLES.indexOf(role) <= VAULT_ROLES.indexOf(least);
}

/** ACL1: true when `value` is a role the relay may store (for parsing what a database or request holds). */
export function isVaultRole(value: unknown): value is VaultRole {
  return typeof value === 'string' && (VAULT_ROLES as readonly string[]).includes(value);
}
