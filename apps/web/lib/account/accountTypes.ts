import { isVaultRole, type VaultRole } from '@baalda/core';

/** The signed-in person, as the relay describes them. */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

/** A vault the user belongs to, with their role in it. */
export interface VaultEntry {
  readonly id: string;
  readonly name: string;
  readonly role: VaultRole;
}

/** `GET /api/auth/state`. */
export interface AuthState {
  readonly user: User | null;
  /** No account exists yet: the next sign-up becomes the admin. */
  readonly signUpOpen: boolean;
  readonly vaults: readonly VaultEntry[];
}

/** Reads a user, or undefined when any field is missing (a body from a relay this build doesn't know). */
export function toUser(value: unknown): User | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== 'string' || entry.id === '' || typeof entry.email !== 'string') return undefined;
  // A name is optional at sign-up; an absent one reads as empty rather than making the user unreadable.
  const name = typeof entry.name === 'string' ? entry.name : '';
  return { id: entry.id, email: entry.email, name, isAdmin: entry.isAdmin === true };
}

/** Reads one vault entry; an unknown role is not guessed at (the vault is left out). */
export function toVaultEntry(value: unknown): VaultEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== 'string' || entry.id === '' || typeof entry.name !== 'string') return undefined;
  if (!isVaultRole(entry.role)) return undefined;
  return { id: entry.id, name: entry.name, role: entry.role };
}

/** Reads a list of vault entries, skipping the ones this build can't read. */
export function toVaultEntries(value: unknown): VaultEntry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map(toVaultEntry).filter((vault) => vault !== undefined);
}

/** Reads the auth state; undefined when its shape is wrong. */
export function toAuthState(value: unknown): AuthState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  const user = body.user === null ? null : toUser(body.user);
  const vaults = toVaultEntries(body.vaults ?? []);
  if (user === undefined || vaults === undefined || typeof body.signUpOpen !== 'boolean') return undefined;
  return { user, signUpOpen: body.signUpOpen, vaults };
}
