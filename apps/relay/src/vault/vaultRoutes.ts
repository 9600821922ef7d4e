import { randomBytes } from 'node:crypto';
import {
  CREATE_INVITE_BODY,
  CREATE_VAULT_BODY,
  parseRequestBody,
  parseVaultOpBatch,
  personalVaultId,
  SET_ROLE_BODY,
} from '@baalda/core';
import { API } from '@baalda/core/api';
import { requireVault } from '../access/requestAuth';
import { sendError } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { AccessRouteContext, Route, RouteCall, VaultCall } from '../routing/callerRoutes';
import { type Handled, NO_CONTENT, refuse, respond, serve } from '../routing/declaredRoutes';
import type { SearchAnswer, SearchRequest } from '../search/searchService';
import type { VaultService } from './vaultService';

/** What the vault, member and invite routes need beyond the basics. */
export interface VaultRouteContext extends AccessRouteContext {
  readonly vaults: VaultService;
  readonly search: (request: SearchRequest) => Promise<SearchAnswer>;
}

type Call = RouteCall<VaultRouteContext>;

type ContentCall = VaultCall<VaultRouteContext>;

const CONTENT = { namesMethods: true } as const;

/** `/api/vaults`, members and invites (ACL1); a vault's tree, trash, ops and search. */
export const VAULT_ROUTES: readonly Route<VaultRouteContext>[] = [
  ...serve(API.listVaults, listVaults),
  ...serve(API.createVault, createVault),
  ...serve(API.listMembers, listMembers),
  ...serve(API.setRole, setRole),
  ...serve(API.removeMember, removeMember),
  ...serve(API.createInvite, createInvite),
  ...serve(API.readTree, readTree, CONTENT),
  ...serve(API.readTrash, readTrash, CONTENT),
  ...serve(API.applyOps, applyOps, CONTENT),
  ...serve(API.search, search, CONTENT),
];

async function listVaults({ context, caller }: Call): Promise<Handled<typeof API.listVaults>> {
  const vaults = await context.access.members.vaultsOf(caller.user.id);
  // A token sees only its own vault (ACL3).
  return respond(200, {
    vaults: caller.kind === 'token' ? vaults.filter((v) => v.id === caller.token.vaultId) : vaults,
  });
}

async function createVault({ request, context, caller, now }: Call): Promise<Handled<typeof API.createVault>> {
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const fields = parseRequestBody(CREATE_VAULT_BODY, body.value);
  if (!fields.ok) return refuse(fields.code, fields.message);
  const { name } = fields.value;
  for (let attempt = 0; attempt < PERSONAL_ID_ATTEMPTS; attempt += 1) {
    const id = personalVaultId(name.name, randomBytes(8));
    if (await context.access.members.createVault(id, name.name, caller.user.id, now))
      return respond(201, { vault: { id, name: name.name, role: 'owner' } });
  }
  // 41 random bits three times over: reaching this means the random source is broken, not that names clash.
  throw new Error(`createVault: ${PERSONAL_ID_ATTEMPTS} random vault ids were all taken`);
}

const PERSONAL_ID_ATTEMPTS = 3;

async function listMembers({ response, context, caller, params, now }: Call): Promise<Handled<typeof API.listMembers>> {
  const vault = await requireVault(response, context.access, caller, params[0] ?? '', now);
  if (!vault) return;
  return respond(200, { members: await context.access.members.members(vault.principal.vaultId) });
}

async function setRole({
  request,
  response,
  context,
  caller,
  params,
  now,
}: Call): Promise<Handled<typeof API.setRole>> {
  const vault = await requireOwner(response, context, caller, params[0] ?? '', now);
  if (!vault) return;
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const fields = parseRequestBody(SET_ROLE_BODY, body.value);
  if (!fields.ok) return refuse(fields.code, fields.message);
  const { role } = fields.value;
  const userId = params[1] ?? '';
  if (!(await context.access.users.byId(userId))) return refuse('USER_NOT_FOUND');
  const refusal = await context.access.members.setRole(vault, userId, role, now);
  if (refusal) return refuse(refusal);
  await context.vaultAccessChanged(vault);
  const member = (await context.access.members.members(vault)).find((entry) => entry.userId === userId);
  return member ? respond(200, { member }) : refuse('USER_NOT_FOUND');
}

async function removeMember({
  response,
  context,
  caller,
  params,
  now,
}: Call): Promise<Handled<typeof API.removeMember>> {
  const [vaultId = '', userId = ''] = params;
  const self = userId === caller.user.id;
  const vault = self
    ? (await requireVault(response, context.access, caller, vaultId, now))?.principal.vaultId
    : await requireOwner(response, context, caller, vaultId, now);
  if (!vault) return;
  const refusal = await context.access.members.remove(vault, userId);
  if (refusal) return refuse(refusal);
  await context.vaultAccessChanged(vault);
  return NO_CONTENT;
}

async function createInvite({
  request,
  response,
  context,
  caller,
  params,
  now,
}: Call): Promise<Handled<typeof API.createInvite>> {
  const vault = await requireOwner(response, context, caller, params[0] ?? '', now);
  if (!vault) return;
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const fields = parseRequestBody(CREATE_INVITE_BODY, body.value);
  if (!fields.ok) return refuse(fields.code, fields.message);
  const { role, expiresInDays: days } = fields.value;
  const expiresAt = new Date(now.getTime() + (days.days ?? 7) * 86_400_000);
  const secret = await context.access.invites.create(vault, role, caller.user.id, expiresAt, now);
  return respond(201, {
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

async function readTree({ context, params, guard }: ContentCall): Promise<Handled<typeof API.readTree>> {
  return respond(200, await context.vaults.readTree(params[0] ?? '', guard.hidden));
}

async function readTrash({ context, params, guard }: ContentCall): Promise<Handled<typeof API.readTrash>> {
  return respond(200, await context.vaults.readTrash(params[0] ?? '', guard.hidden));
}

// OP2: a malformed batch is refused whole (400); a well-formed one answers per op (200), refusals included.
async function applyOps({ request, context, params, guard }: ContentCall): Promise<Handled<typeof API.applyOps>> {
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const now = context.clock();
  const batch = parseVaultOpBatch(body.value, now.getTime());
  if (!batch.ok) return refuse(batch.code, batch.message);
  return respond(200, await context.vaults.applyOps(params[0] ?? '', batch.ops, now, guard));
}

// SRCH3/SRCH5: `?q=…&limit=…&folder=…&kind=…` → pointers only, from the notes the caller may read (ACL5).
async function search({ request, context, params, guard }: ContentCall): Promise<Handled<typeof API.search>> {
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
  return answer.ok ? respond(200, { results: answer.results }) : refuse(answer.code, answer.message);
}
