import { z } from 'zod';
import { VAULT_ROLES } from '../access/roles';

/** An ISO 8601 time as the relay writes them (`Date#toISOString`). */
export const ISO_TIME = z.string().refine((text) => Number.isFinite(Date.parse(text)), 'must be an ISO time');

const id = z.string().min(1);
const role = z.enum(VAULT_ROLES);

/** An account as the relay shows it (ACC1–ACC3): never its password hash. */
export const USER_ANSWER = z.object({ id, email: z.string(), name: z.string(), isAdmin: z.boolean() });

/** A vault the caller belongs to, with their role in it (ACL1). */
export const VAULT_ENTRY = z.object({ id, name: id, role });

/** A member of a vault (ACL1). */
export const MEMBER_ENTRY = z.object({ userId: id, email: id, name: z.string(), role });

/** A person in a private folder's list: email and name are null for someone who has left the vault (ACL2). */
export const PERSON_ENTRY = z.object({ userId: id, email: z.string().nullable(), name: z.string().nullable() });

/** A personal access token's metadata (ACL3); the secret is only in the answer that made it. */
export const TOKEN_ENTRY = z.object({
  id,
  name: z.string(),
  vaultId: id,
  readOnly: z.boolean(),
  createdAt: ISO_TIME,
  expiresAt: ISO_TIME.nullable(),
  lastUsedAt: ISO_TIME.nullable(),
  revokedAt: ISO_TIME.nullable(),
  /** The assistant app an OAuth grant was given to (OAU5); null for a personal token. */
  oauthClient: z.string().nullable(),
});

/** `GET /api/auth/state`: who is signed in (null: nobody), and whether the first account may sign up. */
export const AUTH_STATE_ANSWER = z.object({
  user: USER_ANSWER.nullable(),
  signUpOpen: z.boolean(),
  vaults: z.array(VAULT_ENTRY),
});

/** `POST /api/auth/signup` and `…/signin`: the new session's account and vaults. */
export const SESSION_ANSWER = z.object({ user: USER_ANSWER, vaults: z.array(VAULT_ENTRY) });

const count = z.int().min(0);

/**
 * `POST /api/auth/password` (ACC12): the account, and what the change ended: the other sessions and the
 * OAuth grants (personal access tokens keep working).
 */
export const PASSWORD_CHANGED_ANSWER = z.object({ user: USER_ANSWER, endedSessions: count, endedGrants: count });

/** `GET /api/vaults`. */
export const VAULT_LIST_ANSWER = z.object({ vaults: z.array(VAULT_ENTRY) });

/** `POST /api/vaults`: the vault made, owned by the caller. */
export const VAULT_CREATED_ANSWER = z.object({ vault: VAULT_ENTRY });

/** `GET /api/vaults/:vault/members`. */
export const MEMBER_LIST_ANSWER = z.object({ members: z.array(MEMBER_ENTRY) });

/** `PUT /api/vaults/:vault/members/:userId`. */
export const MEMBER_CHANGED_ANSWER = z.object({ member: MEMBER_ENTRY });

/** `POST /api/vaults/:vault/invites`: `path` is relative to the relay (`/?invite=<secret>`). */
export const INVITE_CREATED_ANSWER = z.object({ secret: id, path: id, role, expiresAt: ISO_TIME });

/** `GET /api/invites/:secret`: what the link offers, shown before signing up. */
export const INVITE_OFFER_ANSWER = z.object({ vaultName: z.string(), role, expiresAt: ISO_TIME });

/** `POST /api/invites/:secret/accept`: the vault joined; `role` is null if it changed meanwhile. */
export const INVITE_ACCEPTED_ANSWER = z.object({ vault: z.object({ id, name: z.string(), role: role.nullable() }) });

/** `GET /api/vaults/:vault/restrictions`: the private folders the caller is a member of (ACL2). */
export const RESTRICTION_LIST_ANSWER = z.object({
  restrictions: z.array(z.object({ path: id, members: z.array(PERSON_ENTRY) })),
});

/** `PUT /api/vaults/:vault/restrictions`: the folder and its members' ids. */
export const RESTRICTION_SAVED_ANSWER = z.object({ restriction: z.object({ path: id, members: z.array(id) }) });

/** `GET /api/tokens`. */
export const TOKEN_LIST_ANSWER = z.object({ tokens: z.array(TOKEN_ENTRY) });

/** `POST /api/tokens`: the token and its secret, shown this once (the relay keeps only a hash). */
export const TOKEN_CREATED_ANSWER = z.object({ token: TOKEN_ENTRY, secret: id });

/**
 * `GET /api/oauth/authorizations/:id` (OAU6): what an assistant asks for, shown on the consent page.
 * `redirectOrigin` is where the browser goes afterwards; `mayWrite` is false when it asked to read only.
 */
export const OAUTH_AUTHORIZATION_ANSWER = z.object({
  id,
  clientName: z.string(),
  clientUri: z.string().nullable(),
  redirectOrigin: z.string(),
  mayWrite: z.boolean(),
  expiresAt: ISO_TIME,
});

/** `POST /api/oauth/authorizations/:id/approve` and `…/deny`: where the browser goes next (the client). */
export const OAUTH_DECISION_ANSWER = z.object({ redirectTo: z.string().url() });

/** Every refusal of the HTTP API: a stable code (RELAY_ERRORS) and a sentence for people. */
export const ERROR_ANSWER = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** `GET /api/health`. */
export const HEALTH_ANSWER = z.object({ ok: z.literal(true), backend: z.string() });
