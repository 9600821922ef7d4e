import { isVaultRole, type VaultRole } from '@baalda/core';
import { fieldsOf, isText, optionalTextOf, optionalTimeOf, timeOf } from './jsonFields';

/**
 * A person as the settings show them: `name` is null when they gave none (the email stands in). `email`
 * is null only in a private folder's list, for someone who has since left the vault.
 */
export interface PersonView {
  readonly userId: string;
  readonly email: string | null;
  readonly name: string | null;
}

/** One member of a vault with their role (ACL1). */
export interface VaultMember extends PersonView {
  readonly email: string;
  readonly role: VaultRole;
}

/** What a saved restriction answers: its path and member ids (the dialog re-reads the names anyway). */
export interface RestrictionChange {
  readonly path: string;
  readonly memberIds: readonly string[];
}

/** A private folder the caller can see, and who may see it (ACL2). */
export interface RestrictionView {
  readonly path: string;
  readonly members: readonly PersonView[];
}

/** A personal access token's metadata (ACL3); times are epoch ms, null when not set. */
export interface AccessToken {
  readonly id: string;
  readonly name: string;
  readonly vaultId: string;
  readonly readOnly: boolean;
  readonly createdAt: number;
  readonly expiresAt: number | null;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
}

/** A vault the caller belongs to, with their role in it (for the token form's vault choice). */
export interface VaultChoice {
  readonly id: string;
  readonly name: string;
  readonly role: VaultRole;
}

/** A fresh invite: `path` is relative to the relay's origin (`/?invite=<secret>`). */
export interface InviteLink {
  readonly path: string;
  readonly role: VaultRole;
  readonly expiresAt: number;
}

/** Reads a person, or undefined when the id is missing or a field has the wrong type. */
export function toPerson(value: unknown): PersonView | undefined {
  const entry = fieldsOf(value);
  const email = optionalTextOf(entry?.email);
  const name = optionalTextOf(entry?.name);
  if (!entry || !isText(entry.userId) || email === undefined || name === undefined) return undefined;
  return { userId: entry.userId, email, name };
}

/** Reads a member; a role this build does not know makes the entry unreadable rather than guessed. */
export function toMember(value: unknown): VaultMember | undefined {
  const person = toPerson(value);
  const role = fieldsOf(value)?.role;
  if (!person || person.email === null || !isVaultRole(role)) return undefined;
  return { ...person, email: person.email, role };
}

/** Reads a restriction; its member list must be whole, or the dialog would show the wrong people. */
export function toRestriction(value: unknown): RestrictionView | undefined {
  const entry = fieldsOf(value);
  if (!entry || !isText(entry.path) || !Array.isArray(entry.members)) return undefined;
  const members = entry.members.map(toPerson);
  if (members.some((member) => member === undefined)) return undefined;
  return { path: entry.path, members: members as PersonView[] };
}

/** Reads a saved restriction, whose members may come as ids or as people (the contract names neither). */
export function toRestrictionChange(value: unknown): RestrictionChange | undefined {
  const entry = fieldsOf(value);
  if (!entry || !isText(entry.path) || !Array.isArray(entry.members)) return undefined;
  const memberIds = entry.members.map((member) => (isText(member) ? member : toPerson(member)?.userId));
  if (memberIds.some((userId) => userId === undefined)) return undefined;
  return { path: entry.path, memberIds: memberIds as string[] };
}

/** Reads a token's metadata, or undefined when any field is missing or malformed. */
export function toAccessToken(value: unknown): AccessToken | undefined {
  const entry = fieldsOf(value);
  if (!entry || !isText(entry.id) || typeof entry.name !== 'string' || !isText(entry.vaultId)) return undefined;
  const createdAt = timeOf(entry.createdAt);
  const expiresAt = optionalTimeOf(entry.expiresAt);
  const lastUsedAt = optionalTimeOf(entry.lastUsedAt);
  const revokedAt = optionalTimeOf(entry.revokedAt);
  if (typeof entry.readOnly !== 'boolean' || createdAt === undefined) return undefined;
  if (expiresAt === undefined || lastUsedAt === undefined || revokedAt === undefined) return undefined;
  return {
    id: entry.id,
    name: entry.name,
    vaultId: entry.vaultId,
    readOnly: entry.readOnly,
    createdAt,
    expiresAt,
    lastUsedAt,
    revokedAt,
  };
}

/** Reads a fresh invite; its path must be a same-origin path, so the shown link can't point elsewhere. */
export function toInviteLink(value: unknown): InviteLink | undefined {
  const entry = fieldsOf(value);
  const expiresAt = timeOf(entry?.expiresAt);
  if (!entry || !isText(entry.path) || !entry.path.startsWith('/') || entry.path.startsWith('//')) return undefined;
  if (!isVaultRole(entry.role) || expiresAt === undefined) return undefined;
  return { path: entry.path, role: entry.role, expiresAt };
}

/** Reads a vault entry of `GET /api/vaults`. */
export function toVaultChoice(value: unknown): VaultChoice | undefined {
  const entry = fieldsOf(value);
  if (!entry || !isText(entry.id) || !isText(entry.name) || !isVaultRole(entry.role)) return undefined;
  return { id: entry.id, name: entry.name, role: entry.role };
}
