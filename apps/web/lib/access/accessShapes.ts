import {
  INVITE_CREATED_ANSWER,
  MEMBER_ENTRY,
  PERSON_ENTRY,
  TOKEN_ENTRY,
  VAULT_ENTRY,
  type VaultRole,
} from '@baalda/core';
import { z } from 'zod';

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

/** An access token's metadata (ACL3); times are epoch ms, null when not set. */
export interface AccessToken {
  readonly id: string;
  readonly name: string;
  readonly vaultId: string;
  readonly readOnly: boolean;
  readonly createdAt: number;
  readonly expiresAt: number | null;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
  /** The assistant an OAuth grant was given to (OAC3); null for a personal token. */
  readonly oauthClient: string | null;
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

// The settings show an empty or absent name or email as none, so the email (or "someone") stands in.
const shownText = z
  .string()
  .nullish()
  .transform((text) => (text ? text : null));
const epochMs = (iso: string) => Date.parse(iso);

/** CT1: a person of a list, with empty names read as none. */
export const PERSON_VIEW = PERSON_ENTRY.extend({ email: shownText, name: shownText });

/** CT1: a member; a role this build does not know makes the entry unreadable rather than guessed. */
export const MEMBER_VIEW = MEMBER_ENTRY.extend({ name: shownText });

/** CT1: a private folder; its member list must be whole, or the dialog would show the wrong people. */
export const RESTRICTION_VIEW = z.object({ path: z.string().min(1), members: z.array(PERSON_VIEW) });

/** CT1: a saved restriction, whose members may come as ids or as people (the contract names neither). */
export const RESTRICTION_CHANGE_VIEW = z
  .object({
    path: z.string().min(1),
    members: z.array(z.union([z.string().min(1), PERSON_VIEW.transform((person) => person.userId)])),
  })
  .transform(({ path, members }) => ({ path, memberIds: members }));

/** CT1: a token's metadata with its times as epoch ms. */
export const ACCESS_TOKEN_VIEW = TOKEN_ENTRY.transform(
  (token): AccessToken => ({
    id: token.id,
    name: token.name,
    vaultId: token.vaultId,
    readOnly: token.readOnly,
    createdAt: epochMs(token.createdAt),
    expiresAt: token.expiresAt === null ? null : epochMs(token.expiresAt),
    lastUsedAt: token.lastUsedAt === null ? null : epochMs(token.lastUsedAt),
    revokedAt: token.revokedAt === null ? null : epochMs(token.revokedAt),
    oauthClient: token.oauthClient,
  }),
);

/** CT1: a fresh invite; its path must be a same-origin path, so the shown link can't point elsewhere. */
export const INVITE_LINK_VIEW = INVITE_CREATED_ANSWER.extend({
  path: z.string().refine((path) => path.startsWith('/') && !path.startsWith('//'), 'must be a same-origin path'),
}).transform(({ path, role, expiresAt }): InviteLink => ({ path, role, expiresAt: epochMs(expiresAt) }));

/** CT1: a vault entry of `GET /api/vaults`. */
export const VAULT_CHOICE_VIEW = VAULT_ENTRY;

function readerOf<View>(schema: z.ZodType<View>): (value: unknown) => View | undefined {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
}

/** Reads a person, or undefined when the id is missing or a field has the wrong type. */
export const toPerson: (value: unknown) => PersonView | undefined = readerOf(PERSON_VIEW);

/** Reads a member, or undefined (an unknown role included). */
export const toMember: (value: unknown) => VaultMember | undefined = readerOf(MEMBER_VIEW);

/** Reads a restriction, or undefined when any of its members is unreadable. */
export const toRestriction: (value: unknown) => RestrictionView | undefined = readerOf(RESTRICTION_VIEW);

/** Reads a saved restriction, or undefined. */
export const toRestrictionChange: (value: unknown) => RestrictionChange | undefined = readerOf(RESTRICTION_CHANGE_VIEW);

/** Reads a token's metadata, or undefined when any field is missing or malformed. */
export const toAccessToken: (value: unknown) => AccessToken | undefined = readerOf(ACCESS_TOKEN_VIEW);

/** Reads a fresh invite, or undefined. */
export const toInviteLink: (value: unknown) => InviteLink | undefined = readerOf(INVITE_LINK_VIEW);

/** Reads a vault entry of `GET /api/vaults`, or undefined. */
export const toVaultChoice: (value: unknown) => VaultChoice | undefined = readerOf(VAULT_CHOICE_VIEW);
