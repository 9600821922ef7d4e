import { z } from 'zod';
import { VAULT_ROLES } from '../access/roles';
import { parseDays, parseDisplayName, parseEmail, parsePassword } from '../accounts/accountInput';
import { reindexableNames } from '../embedder/embedders';
import { LIMITS } from '../limits/limits';
import type { Result } from '../result';
import { parsedField, refusedAs } from './parsedField';

/** ACL2: people one private folder may list. */
export const MAX_RESTRICTION_MEMBERS = 1000;

/** ACL1: a user id as the relay makes them (and as its routes match them). */
const MAX_USER_ID_LENGTH = 64;

/**
 * A body whose fields are read one by one: anything that is not a JSON object reads as `{}`, and an
 * absent field reaches its check as `undefined` (zod would refuse it before the check ran), so a missing
 * field is refused by that field's own check, as the relay has always answered. Unknown fields are
 * dropped.
 */
function fieldsBody<Shape extends z.ZodRawShape>(shape: Shape) {
  const fieldsOf = (raw: unknown) => {
    const given = isJsonObject(raw) ? raw : {};
    return Object.fromEntries(
      Object.keys(shape).map((key) => [key, Object.hasOwn(given, key) ? given[key] : undefined]),
    );
  };
  return z.preprocess(fieldsOf, z.object(shape));
}

function isJsonObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

const email = parsedField(parseEmail);
const password = parsedField(parsePassword);
const role = refusedAs(z.enum(VAULT_ROLES), 'role must be owner, editor or viewer.');
/** A string field, or `fallback` for anything else (the route then refuses it with its own answer). */
const textOr = (fallback: string) => z.unknown().transform((raw) => (typeof raw === 'string' ? raw : fallback));
const optionalText = z.unknown().transform((raw) => (typeof raw === 'string' ? raw : undefined));

/** `POST /api/auth/signup` (ACC1–ACC3). An absent or empty `name` is the email's local part (the route's). */
export const SIGN_UP_BODY = fieldsBody({
  email,
  password,
  name: parsedField(
    (raw): Result<{ name: string | undefined }> =>
      raw === undefined || raw === '' ? { ok: true, name: undefined } : parseDisplayName(raw, 'Your name'),
  ),
  invite: optionalText,
});

/**
 * `POST /api/auth/signin`. Every refusal is SIGN_IN_FAILED, saying nothing of which field was wrong;
 * a password over 1024 characters is refused before it costs a hash.
 */
export const SIGN_IN_BODY = fieldsBody({ email, password: z.string().max(1024) });

/**
 * `POST /api/auth/password` (ACC12): the current password, checked against the account (never judged by
 * ACC2, and refused over 1024 characters before it costs a hash), and the new one, which ACC2 judges.
 */
export const CHANGE_PASSWORD_BODY = fieldsBody({
  currentPassword: refusedAs(z.string().max(1024), 'currentPassword must be your current password.'),
  newPassword: password,
});

/** `PUT /api/admin/users/password` (ACC13): whose password, and the new one (ACC1, ACC2). */
export const ADMIN_PASSWORD_BODY = fieldsBody({ email, password });

/** `PUT /api/admin/users/disabled` (ACC13): whose account, and whether it is disabled from now on. */
export const ADMIN_DISABLED_BODY = fieldsBody({
  email,
  disabled: refusedAs(z.boolean(), 'disabled must be true or false.'),
});

/** `POST /api/tokens` (ACL3, ACC4). `vaultId` is checked against the caller's vaults by the route. */
export const CREATE_TOKEN_BODY = fieldsBody({
  name: parsedField((raw) => parseDisplayName(raw, 'A token name')),
  readOnly: refusedAs(z.boolean().optional(), 'readOnly must be true or false.'),
  expiresInDays: parsedField((raw) => parseDays(raw, LIMITS.maxTokenDays, 'expiresInDays')),
  vaultId: textOr(''),
});

/** `POST /api/oauth/authorizations/:id/approve` (OAU6): the vault the assistant gets, and whether it may write. */
export const OAUTH_APPROVE_BODY = fieldsBody({
  vaultId: textOr(''),
  readOnly: refusedAs(z.boolean(), 'readOnly must be true or false.'),
});

/** `POST /api/vaults` (ACC3). */
export const CREATE_VAULT_BODY = fieldsBody({ name: parsedField((raw) => parseDisplayName(raw, 'A vault name')) });

/** `PUT /api/vaults/:vault/members/:userId` (ACL1). */
export const SET_ROLE_BODY = fieldsBody({ role });

/** `POST /api/vaults/:vault/invites` (ACL1, ACC4); without `expiresInDays` the route's default holds. */
export const CREATE_INVITE_BODY = fieldsBody({
  role,
  expiresInDays: parsedField((raw) => parseDays(raw, LIMITS.maxInviteDays, 'expiresInDays')),
});

/** `PUT /api/vaults/:vault/restrictions` (ACL2): the folder and who may see it; the path rules are the route's. */
export const PUT_RESTRICTION_BODY = fieldsBody({
  path: refusedAs(z.string(), 'path must be a folder path.'),
  members: refusedAs(
    z.array(z.string().max(MAX_USER_ID_LENGTH)).min(1).max(MAX_RESTRICTION_MEMBERS),
    `members must be 1 to ${MAX_RESTRICTION_MEMBERS} user ids.`,
  ).transform((members) => [...new Set(members)]),
});

/** The body of an admin route (`npm run baalda`): a JSON object, whose fields each route checks in turn. */
export const ADMIN_BODY = refusedAs(z.record(z.string(), z.unknown()), 'Send a JSON object.');

/** `POST …/versions` and `…/restore` (VC5–VC7): a JSON object, `{}` today. */
export const VERSION_POST_BODY = z.looseObject({});

const MAX_ENCODER_NAME_LENGTH = 200;

/**
 * `POST /api/admin/reindex` (IDX5): which embedder to index with; none (or null) is the relay's default.
 * The relay checks the name against what it runs (a plugged-in encoder is named after its model).
 */
export const REINDEX_BODY = fieldsBody({
  embedder: refusedAs(
    z.string().min(1).max(MAX_ENCODER_NAME_LENGTH).nullish(),
    `embedder must be a name such as ${reindexableNames().join(', ')}.`,
  ),
});
