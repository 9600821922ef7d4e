import { randomBytes } from 'node:crypto';
import {
  CREATE_INVITE_BODY,
  CREATE_VAULT_BODY,
  parseRequestBody,
  parseVaultOpBatch,
  personalVaultId,
  SET_ROLE_BODY,
} from '@baalda/core';
import type { AccessRouteContext, Route, RouteCall, VaultCall } from '../access/callerRoutes';
import { requireVault } from '../access/requestAuth';
import { sendError, sendJson } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { SearchAnswer, SearchRequest } from '../search/searchService';
import type { VaultService } from './vaultService';

/** What the vault, member and invite routes need beyond the basics. */
export interface VaultRouteContext extends AccessRouteContext {
  readonly vaults: VaultService;
  readonly search: (request: SearchRequest) => Promise<SearchAnswer>;
}

type Call = RouteCall<VaultRouteContext>;

type ContentCall = VaultCall<VaultRouteContext>;

const TREE = /^\/api\/vaults\/([^/]+)\/tree$/;
const TRASH = /^\/api\/vaults\/([^/]+)\/trash$/;
const SEARCH = /^\/api\/vaults\/([^/]+)\/search$/;
const CONTENT = { auth: 'vault', namesMethods: true } as const;

/** `/api/vaults`, members and invites (ACL1); a vault's tree, trash, ops and search. */
export const VAULT_ROUTES: readonly Route<VaultRouteContext>[] = [
  { method: 'GET', pattern: /^\/api\/vaults$/, auth: 'any', handle: listVaults },
  { method: 'POST', pattern: /^\/api\/vaults$/, auth: 'session', handle: createVault },
  { method: 'GET', pattern: /^\/api\/vaults\/([^/]+)\/members$/, auth: 'any', handle: listMembers },
  {
    method: 'PUT',
    pattern: /^\/api\/vaults\/([^/]+)\/members\/([A-Za-z0-9_-]{1,64})$/,
    auth: 'session',
    handle: setRole,
  },
  {
    method: 'DELETE',
    pattern: /^\/api\/vaults\/([^/]+)\/members\/([A-Za-z0-9_-]{1,64})$/,
    auth: 'session',
    handle: removeMember,
  },
  { method: 'POST', pattern: /^\/api\/vaults\/([^/]+)\/invites$/, auth: 'session', handle: createInvite },
  { method: 'GET', pattern: TREE, ...CONTENT, handle: readTree },
  { method: 'HEAD', pattern: TREE, ...CONTENT, handle: readTree },
  { method: 'GET', pattern: TRASH, ...CONTENT, handle: readTrash },
  { method: 'HEAD', pattern: TRASH, ...CONTENT, handle: readTrash },
  { method: 'POST', pattern: /^\/api\/vaults\/([^/]+)\/ops$/, ...CONTENT, handle: applyOps },
  { method: 'GET', pattern: SEARCH, ...CONTENT, handle: search },
  { method: 'HEAD', pattern: SEARCH, ...CONTENT, handle: search },
];

async function listVaults({ response, context, caller }: Call): Promise<void> {
  const vaults = await context.access.members.vaultsOf(caller.user.id);
  // A token sees only its own vault (ACL3).
  sendJson(response, 200, {
    vaults: caller.kind === 'token' ? vaults.filter((v) => v.id === caller.token.vaultId) : vaults,
  });
}

async function createVault({ request, response, context, caller, now }: Call): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const fields = parseRequestBody(CREATE_VAULT_BODY, body.value);
  if (!fields.ok) return sendError(response, fields.code, fields.message);
  const { name } = fields.value;
  for (let attempt = 0; attempt < PERSONAL_ID_ATTEMPTS; attempt += 1) {
    const id = personalVaultId(name.name, randomBytes(8));
    if (await context.access.members.createVault(id, name.name, caller.user.id, now))
      return sendJson(response, 201, { vault: { id, name: name.name, role: 'owner' } });
  }
  // 41 random bits three times over: reaching this means the random source is broken, not that names clash.
  throw new Error(`createVault: ${PERSONAL_ID_ATTEMPTS} random vault ids were all taken`);
}

const PERSONAL_ID_ATTEMPTS = 3;

async function listMembers({ response, context, caller, params, now }: Call): Promise<void> {
  const vault = await requireVault(response, context.access, caller, params[0] ?? '', now);
  if (!vault) return;
  sendJson(response, 200, { members: await context.access.members.members(vault.principal.vaultId) });
}

async function setRole({ request, response, context, caller, params, now }: Call): Promise<void> {
  const vault = await requireOwner(response, context, caller, params[0] ?? '', now);
  if (!vault) return;
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const fields = parseRequestBody(SET_ROLE_BODY, body.value);
  if (!fields.ok) return sendError(response, fields.code, fields.message);
  const { role } = fields.value;
  const userId = params[1] ?? '';
  if (!(await context.access.users.byId(userId))) return sendError(response, 'USER_NOT_FOUND');
  const refusal = await context.access.members.setRole(vault, userId, role, now);
  if (refusal) return sendError(response, refusal);
  await context.vaultAccessChanged(vault);
  const member = (await context.access.members.members(vault)).find((entry) => entry.userId === userId);
  sendJson(response, 200, { member });
}

async function removeMember({ response, context, caller, params, now }: Call): Promise<void> {
  const [vaultId = '', userId = ''] = params;
  const self = userId === caller.user.id;
  const vault = self
    ? (await requireVault(response, context.access, caller, vaultId, now))?.principal.vaultId
    : await requireOwner(response, context, caller, vaultId, now);
  if (!vault) return;
  const refusal = await context.access.members.remove(vault, userId);
  if (refusal) return sendError(response, refusal);
  await context.vaultAccessChanged(vault);
  response.writeHead(204, { 'Cache-Control': 'no-store' });
  response.end();
}

async function createInvite({ request, response, context, caller, params, now }: Call): Promise<void> {
  const vault = await requireOwner(response, context, caller, params[0] ?? '', now);
  if (!vault) return;
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const fields = parseRequestBody(CREATE_INVITE_BODY, body.value);
  if (!fields.ok) return sendError(response, fields.code, fields.message);
  const { role, expiresInDays: days } = fields.value;
  const expiresAt = new Date(now.getTime() + (days.days ?? 7) * 86_400_000);
  const secret = await context.access.invites.create(vault, role, caller.user.id, expiresAt, now);
  sendJson(response, 201, {
    secret,
    path: `/?invite=${secret}`,
    role,
    expiresAt: expiresAt.toISOString(),
  });
}

// Owner-only routes: a member who is not an owner gets FORBIDDEN; anyone else, VAULT_NOT_FOUND.
async function requireOwner(
  response: Call['response'],
  context: VaultRouteContext,
  caller: Call['caller'],
  vaultId: string,
  now: Date,
): Promise<string | null> {
  const vault = await requireVault(response, context.access, caller, vaultId, now);
  if (!vault) return null;
  if (vault.principal.role === 'owner') return vault.principal.vaultId;
  sendError(response, 'FORBIDDEN', 'Only an owner of this vault may do this.');
  return null;
}

async function readTree({ response, context, params, guard }: ContentCall): Promise<void> {
  sendJson(response, 200, await context.vaults.readTree(params[0] ?? '', guard.hidden));
}

async function readTrash({ response, context, params, guard }: ContentCall): Promise<void> {
  sendJson(response, 200, await context.vaults.readTrash(params[0] ?? '', guard.hidden));
}

// OP2: a malformed batch is refused whole (400); a well-formed one answers per op (200), refusals included.
async function applyOps({ request, response, context, params, guard }: ContentCall): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const now = context.clock();
  const batch = parseVaultOpBatch(body.value, now.getTime());
  if (!batch.ok) return sendError(response, batch.code, batch.message);
  sendJson(response, 200, await context.vaults.applyOps(params[0] ?? '', batch.ops, now, guard));
}

// SRCH3/SRCH5: `?q=…&limit=…&folder=…&kind=…` → pointers only, from the notes the caller may read (ACL5).
async function search({ request, response, context, params, guard }: ContentCall): Promise<void> {
  const query = new URL(request.url ?? '/', 'http://relay.invalid').searchParams;
  const limit = query.get('limit');
  const answer = await context.search({
    query: query.get('q') ?? '',
    vaultId: params[0] ?? '',
    hidden: guard.hidden,
    limit: limit === null ? undefined : Number(limit),
    folder: query.get('folder') ?? undefined,
    kind: query.get('kind') ?? undefined,
  });
  if (answer.ok) sendJson(response, 200, { results: answer.results });
  else sendError(response, answer.code, answer.message);
}
