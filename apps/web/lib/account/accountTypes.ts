import { USER_ANSWER, VAULT_ENTRY, type VaultRole } from '@baalda/core';
import { z } from 'zod';
import { readableEntries } from '../relayAnswer';

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

/**
 * CT1: a user. A name is optional at sign-up; an absent one reads as empty rather than making the user
 * unreadable, and only `isAdmin: true` makes an admin.
 */
export const USER_VIEW = USER_ANSWER.extend({
  name: z.string().catch(''),
  isAdmin: z.unknown().transform((isAdmin) => isAdmin === true),
});

/** CT1: one vault entry; an unknown role is not guessed at. */
export const VAULT_ENTRY_VIEW = VAULT_ENTRY.extend({ name: z.string() });

/** CT1: a list of vault entries, skipping the ones this build can't read. */
export const VAULT_ENTRIES_VIEW = z
  .array(z.unknown())
  .transform((entries) => readableEntries(entries, VAULT_ENTRY_VIEW));

/** CT1: the auth state; an older relay may leave out `vaults`. */
export const AUTH_STATE_VIEW = z.object({
  user: USER_VIEW.nullable(),
  signUpOpen: z.boolean(),
  vaults: VAULT_ENTRIES_VIEW.default([]),
});

/** Reads a user, or undefined when any field is missing (a body from a relay this build doesn't know). */
export function toUser(value: unknown): User | undefined {
  const parsed = USER_VIEW.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Reads one vault entry; an unknown role is not guessed at (the vault is left out). */
export function toVaultEntry(value: unknown): VaultEntry | undefined {
  const parsed = VAULT_ENTRY_VIEW.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Reads a list of vault entries, skipping the ones this build can't read. */
export function toVaultEntries(value: unknown): VaultEntry[] | undefined {
  const parsed = VAULT_ENTRIES_VIEW.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Reads the auth state; undefined when its shape is wrong. */
export function toAuthState(value: unknown): AuthState | undefined {
  const parsed = AUTH_STATE_VIEW.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
