import { z } from 'zod';
import { VAULT_ROLES } from '../access/roles';
import { TOKEN_ENTRY, USER_ANSWER } from './accessAnswers';

const id = z.string().min(1);

/** `POST /api/admin/users` (`npm run baalda -- user add`). */
export const ADMIN_USER_CREATED_ANSWER = z.object({ user: USER_ANSWER });

const count = z.int().min(0);

/** `PUT /api/admin/users/password` (ACC13): every session of the account and its OAuth grants ended. */
export const ADMIN_PASSWORD_RESET_ANSWER = z.object({ user: USER_ANSWER, endedSessions: count, endedGrants: count });

/**
 * `PUT /api/admin/users/disabled` (ACC13): the account and whether it is disabled now; disabling ends its
 * sessions and revokes its grants and personal tokens (enabling ends nothing, so the counts are 0).
 */
export const ADMIN_USER_DISABLED_ANSWER = z.object({
  user: USER_ANSWER,
  disabled: z.boolean(),
  endedSessions: count,
  endedGrants: count,
  revokedTokens: count,
});

/** `POST /api/admin/vaults`. */
export const ADMIN_VAULT_CREATED_ANSWER = z.object({ vault: z.object({ id, name: z.string() }) });

/** `PUT /api/admin/vaults/:vault/members`. */
export const ADMIN_ROLE_SET_ANSWER = z.object({ vaultId: id, email: z.string(), role: z.enum(VAULT_ROLES) });

/** `PUT /api/admin/vaults/:vault/restrictions`: the members as the emails given. */
export const ADMIN_RESTRICTED_ANSWER = z.object({ vaultId: id, path: z.string(), members: z.array(z.string()) });

/** `DELETE /api/admin/vaults/:vault/restrictions?path=…`: whether there was one to lift. */
export const ADMIN_UNRESTRICTED_ANSWER = z.object({ vaultId: id, path: z.string(), cleared: z.boolean() });

/** `GET /api/admin/tokens`: every token, with its owner (email null for an account since removed). */
export const ADMIN_TOKEN_LIST_ANSWER = z.object({
  tokens: z.array(TOKEN_ENTRY.extend({ userId: id, email: z.string().nullable() })),
});

/** `DELETE /api/admin/tokens/:id`. */
export const ADMIN_TOKEN_REVOKED_ANSWER = z.object({ id, revoked: z.literal(true) });

/** One line of `POST /api/admin/reindex`'s newline-delimited answer (IDX5): progress, the end, or a failure. */
export const REINDEX_LINE = z.union([
  z.object({ done: z.int().min(0), total: z.int().min(0), embedder: z.string(), seconds: z.number() }),
  z.object({ done: z.int().min(0), total: z.int().min(0) }),
  z.object({ error: z.string() }),
]);
