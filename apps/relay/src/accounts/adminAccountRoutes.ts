import type { IncomingMessage } from 'node:http';
import {
  ADMIN_BODY,
  ADMIN_DISABLED_BODY,
  ADMIN_PASSWORD_BODY,
  isValidVaultId,
  isVaultRole,
  LIMITS,
  parseDays,
  parseDisplayName,
  parseEmail,
  parsePassword,
  parseRequestBody,
  pathKey,
  validateFolderPath,
  vaultIdFromName,
} from '@baalda/core';
import { API } from '@baalda/core/api';
import type { AccessService } from '../access/accessService';
import { resetPassword, setAccountDisabled } from '../access/accountControls';
import { hashPassword } from '../access/passwords';
import { clearRestriction, putRestriction } from '../access/restrictionStore';
import { sendError, sendJson } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { PlainCall, Route } from '../routing/callerRoutes';
import { serve } from '../routing/declaredRoutes';
import { closeEndedConnections } from './accountRoutes';

/** What the admin account routes need. */
export interface AdminAccountContext {
  readonly access: AccessService;
  readonly clock: () => Date;
  readonly recheckConnections: () => void;
  /** Closes every socket opened with this session (ACC13's ended sessions; ACL6). */
  readonly closeSessionSockets: (sessionHash: string) => void;
  readonly vaultAccessChanged: (vaultId: string) => Promise<void>;
}

type Fields = Record<string, unknown>;
type Handler = (
  fields: Fields,
  params: string[],
  context: AdminAccountContext,
  request: IncomingMessage,
) => Promise<Answer>;
type Answer = { status: number; body: unknown } | { code: Parameters<typeof sendError>[1]; message?: string };

/**
 * `/api/admin/*` for `npm run baalda` (loopback and admin key, ACC10). The admin acts as the operator of the
 * relay: restrictions set here skip ACL2's changer rules, since the operator can read the database anyway.
 */
export const ADMIN_ACCOUNT_ROUTES: readonly Route<AdminAccountContext>[] = [
  ...serve(API.adminAddUser, answered(addUser)),
  ...serve(API.adminResetPassword, answered(resetUserPassword)),
  ...serve(API.adminSetDisabled, answered(setUserDisabled)),
  ...serve(API.adminCreateVault, answered(createVault)),
  ...serve(API.adminGrant, answered(grant)),
  ...serve(API.adminRestrict, answered(restrict)),
  ...serve(API.adminUnrestrict, answered(unrestrict)),
  ...serve(API.adminCreateToken, answered(createToken)),
  ...serve(API.adminListTokens, answered(listTokens)),
  ...serve(API.adminRevokeToken, answered(revokeToken)),
];

// The handlers return their answer; this reads their fields first and sends what they return.
function answered(handle: Handler): (call: PlainCall<AdminAccountContext>) => Promise<void> {
  return async ({ request, response, params, context }) => {
    const fields = await readFields(request);
    const answer = 'code' in fields ? fields : await handle(fields.value, [...params], context, request);
    if ('code' in answer) sendError(response, answer.code, answer.message);
    else sendJson(response, answer.status, answer.body);
  };
}

// POST and PUT carry a JSON object; other methods none.
async function readFields(request: IncomingMessage): Promise<{ value: Fields } | Extract<Answer, { code: unknown }>> {
  if (request.method !== 'POST' && request.method !== 'PUT') return { value: {} };
  const body = await readJsonBody(request);
  if (!body.ok) return { code: body.code, message: body.message };
  const fields = parseRequestBody(ADMIN_BODY, body.value);
  return fields.ok ? { value: fields.value } : { code: fields.code, message: fields.message };
}

async function addUser(fields: Fields, _params: string[], { access, clock }: AdminAccountContext): Promise<Answer> {
  const email = parseEmail(fields.email);
  if (!email.ok) return email;
  const password = parsePassword(fields.password);
  if (!password.ok) return password;
  const name =
    fields.name === undefined
      ? { ok: true as const, name: email.email.split('@')[0] ?? email.email }
      : parseDisplayName(fields.name, 'A name');
  if (!name.ok) return name;
  const passwordHash = await hashPassword(password.password, access.passwordCost);
  const account = { email: email.email, emailKey: email.emailKey, name: name.name, passwordHash, isAdmin: false };
  const user = await access.users.create(account, clock());
  return user ? { status: 201, body: { user } } : { code: 'EMAIL_TAKEN' };
}

// ACC13: the operator sets a password (a person locked out, or one whose password leaked): every session of
// the account ends, and its OAuth grants, as a change of one's own does (ACC12).
async function resetUserPassword(fields: Fields, _params: string[], context: AdminAccountContext): Promise<Answer> {
  const parsed = parseRequestBody(ADMIN_PASSWORD_BODY, fields);
  if (!parsed.ok) return parsed;
  const user = await context.access.users.byEmailKey(parsed.value.email.emailKey);
  if (!user) return { code: 'USER_NOT_FOUND', message: 'email names no account.' };
  const passwordHash = await hashPassword(parsed.value.password.password, context.access.passwordCost);
  const ended = await resetPassword(context.access.prisma, user.id, passwordHash, context.clock());
  closeEndedConnections(context, ended);
  return { status: 200, body: { user, endedSessions: ended.sessionHashes.length, endedGrants: ended.grants } };
}

// ACC13: a disabled account's sessions end and its tokens and grants are revoked at once, open sockets too.
async function setUserDisabled(fields: Fields, _params: string[], context: AdminAccountContext): Promise<Answer> {
  const parsed = parseRequestBody(ADMIN_DISABLED_BODY, fields);
  if (!parsed.ok) return parsed;
  const { email, disabled } = parsed.value;
  const user = await context.access.users.byEmailKey(email.emailKey);
  if (!user) return { code: 'USER_NOT_FOUND', message: 'email names no account.' };
  const ended = await setAccountDisabled(context.access.prisma, user.id, disabled, context.clock());
  closeEndedConnections(context, ended);
  return {
    status: 200,
    body: {
      user,
      disabled,
      endedSessions: ended.sessionHashes.length,
      endedGrants: ended.grants,
      revokedTokens: ended.personalTokens,
    },
  };
}

async function createVault(fields: Fields, _params: string[], { access, clock }: AdminAccountContext): Promise<Answer> {
  const name = parseDisplayName(fields.name, 'A vault name');
  if (!name.ok) return name;
  const owner = await userByEmail(access, fields.ownerEmail);
  if (!owner) return { code: 'USER_NOT_FOUND', message: 'ownerEmail names no account.' };
  const id = vaultIdFromName(name.name);
  if (!(await access.members.createVault(id, name.name, owner, clock()))) return { code: 'VAULT_TAKEN' };
  return { status: 201, body: { vault: { id, name: name.name } } };
}

async function grant(fields: Fields, [vaultId = '']: readonly string[], context: AdminAccountContext): Promise<Answer> {
  if (!(await vaultExists(context.access, vaultId))) return { code: 'VAULT_NOT_FOUND' };
  const userId = await userByEmail(context.access, fields.email);
  if (!userId) return { code: 'USER_NOT_FOUND', message: 'email names no account.' };
  if (!isVaultRole(fields.role)) return { code: 'REQUEST_INVALID', message: 'role must be owner, editor or viewer.' };
  const refusal = await context.access.members.setRole(vaultId, userId, fields.role, context.clock());
  if (refusal) return { code: refusal };
  await context.vaultAccessChanged(vaultId);
  return { status: 200, body: { vaultId, email: fields.email, role: fields.role } };
}

async function restrict(
  fields: Fields,
  [vaultId = '']: readonly string[],
  context: AdminAccountContext,
): Promise<Answer> {
  if (!(await vaultExists(context.access, vaultId))) return { code: 'VAULT_NOT_FOUND' };
  const folder = validateFolderPath(typeof fields.path === 'string' ? fields.path : '');
  if (!folder.ok) return { code: 'REQUEST_INVALID', message: `path: ${folder.message}` };
  const emails = fields.memberEmails;
  if (!Array.isArray(emails) || emails.length === 0 || emails.length > 1000)
    return { code: 'REQUEST_INVALID', message: 'memberEmails must list 1 to 1000 emails.' };
  const members = (await context.access.members.members(vaultId)).map((member) => member);
  const ids: string[] = [];
  for (const raw of emails) {
    const email = parseEmail(raw);
    const member = email.ok ? members.find((m) => m.email.toLowerCase() === email.emailKey) : undefined;
    if (!member) return { code: 'USER_NOT_FOUND', message: `${String(raw)} is not a member of vault ${vaultId}.` };
    ids.push(member.userId);
  }
  await putRestriction(
    context.access.prisma,
    vaultId,
    { path: folder.path, key: pathKey(folder.path) },
    ids,
    context.clock(),
  );
  await context.vaultAccessChanged(vaultId);
  return { status: 200, body: { vaultId, path: folder.path, members: emails } };
}

async function unrestrict(
  _fields: Fields,
  [vaultId = '']: readonly string[],
  context: AdminAccountContext,
  request: IncomingMessage,
): Promise<Answer> {
  if (!(await vaultExists(context.access, vaultId))) return { code: 'VAULT_NOT_FOUND' };
  const path = new URL(request.url ?? '/', 'http://relay.invalid').searchParams.get('path') ?? '';
  const folder = validateFolderPath(path);
  if (!folder.ok) return { code: 'REQUEST_INVALID', message: `path: ${folder.message}` };
  const cleared = await clearRestriction(context.access.prisma, vaultId, pathKey(folder.path));
  await context.vaultAccessChanged(vaultId);
  return { status: 200, body: { vaultId, path: folder.path, cleared } };
}

async function createToken(fields: Fields, _params: string[], { access, clock }: AdminAccountContext): Promise<Answer> {
  const userId = await userByEmail(access, fields.email);
  if (!userId) return { code: 'USER_NOT_FOUND', message: 'email names no account.' };
  // A disabled account's token would be refused at every door (ACC13); say so rather than mint it.
  if (!(await access.users.activeById(userId))) return { code: 'ACCOUNT_DISABLED' };
  const vaultId = typeof fields.vaultId === 'string' ? fields.vaultId : '';
  if (!isValidVaultId(vaultId) || !(await access.members.roleOf(vaultId, userId))) {
    return { code: 'VAULT_NOT_FOUND', message: `The user is not a member of vault "${vaultId}".` };
  }
  const days = parseDays(fields.expiresInDays, LIMITS.maxTokenDays, 'expiresInDays');
  if (!days.ok) return days;
  const now = clock();
  const name = parseDisplayName(fields.name ?? 'cli', 'A token name');
  if (!name.ok) return name;
  const expiresAt = days.days === undefined ? null : new Date(now.getTime() + days.days * 86_400_000);
  const created = await access.tokens.create(
    { userId, vaultId, name: name.name, readOnly: fields.readOnly === true, expiresAt },
    now,
  );
  return { status: 201, body: { token: created.entry, secret: created.secret } };
}

async function listTokens(
  _fields: Fields,
  _params: readonly string[],
  { access }: AdminAccountContext,
): Promise<Answer> {
  const tokens = await access.tokens.list();
  const emails = new Map<string, string>();
  for (const userId of new Set(tokens.map((token) => token.userId))) {
    emails.set(userId, (await access.users.byId(userId))?.email ?? '');
  }
  return {
    status: 200,
    body: { tokens: tokens.map((token) => ({ ...token, email: emails.get(token.userId) ?? null })) },
  };
}

async function revokeToken(
  _fields: Fields,
  [id = '']: readonly string[],
  context: AdminAccountContext,
): Promise<Answer> {
  if (!(await context.access.tokens.revoke(id, context.clock()))) return { code: 'TOKEN_NOT_FOUND' };
  context.recheckConnections();
  return { status: 200, body: { id, revoked: true } };
}

async function userByEmail(access: AccessService, raw: unknown): Promise<string | null> {
  const email = parseEmail(raw);
  return email.ok ? ((await access.users.byEmailKey(email.emailKey))?.id ?? null) : null;
}

async function vaultExists(access: AccessService, vaultId: string): Promise<boolean> {
  return isValidVaultId(vaultId) && (await access.members.vaultExists(vaultId));
}
