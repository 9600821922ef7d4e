import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseVaultOpBatch } from '@baalda/core';
import { type AuthContext, handleAuthRoute } from '../access/authRoutes';
import { dispatch } from '../access/callerRoutes';
import { handleInviteRoute } from '../access/inviteRoutes';
import { refuseForeignOrigin, requireCaller, requireVault } from '../access/requestAuth';
import { RESTRICTION_ROUTES } from '../access/restrictionRoutes';
import { TOKEN_ROUTES } from '../access/tokenRoutes';
import { guardOf, type VaultGuard } from '../access/vaultGuard';
import { ATTACHMENT_ROUTES, type AttachmentRouteContext } from '../attachments/attachmentRoutes';
import { sendError, sendJson } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { SearchRequest, searchNotes } from '../search/searchService';
import { VAULT_ROUTES, type VaultRouteContext } from '../vault/vaultRoutes';
import type { VaultService } from '../vault/vaultService';
import { handleVersionRoute, VERSION_ROUTE } from '../versions/versionRoutes';
import type { VersionService } from '../versions/versionService';

/** What the API routes need from the rest of the relay. */
export interface ApiContext extends AuthContext, VaultRouteContext, AttachmentRouteContext {
  readonly vaults: VaultService;
  readonly search: (request: SearchRequest) => ReturnType<typeof searchNotes>;
  readonly backend: string;
  readonly versions: VersionService;
}

const VAULT_ROUTE = /^\/api\/vaults\/([^/]+)\/(tree|trash|ops|search)$/;
const TABLE_ROUTES = [...VAULT_ROUTES, ...RESTRICTION_ROUTES, ...TOKEN_ROUTES, ...ATTACHMENT_ROUTES];

/** Handles `/api/*`; every answer is JSON. Everything but health and auth needs a session or token. */
export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: ApiContext,
): Promise<void> {
  if (path === '/api/health') return allow(request, response, ['GET', 'HEAD'], () => sendHealth(response, context));
  if (await handleAuthRoute(request, response, path, context)) return;
  if (await handleInviteRoute(request, response, path, context)) return;
  if (await dispatch(TABLE_ROUTES, request, response, path, context)) return;
  const history = VERSION_ROUTE.exec(path);
  const match = history ?? VAULT_ROUTE.exec(path);
  if (!match) return sendError(response, 'NOT_FOUND', `No API route at ${path}.`);
  const guard = await authorize(request, response, match[1] ?? '', context);
  if (!guard) return;
  if (history) {
    const [, vaultId = '', docId = '', versionId, restore] = history;
    const route = { vaultId, docId, versionId, restore: restore !== undefined };
    return handleVersionRoute(request, response, route, context.versions, guard);
  }
  const [, vaultId = '', resource] = match;
  if (resource === 'ops')
    return allow(request, response, ['POST'], () => applyOps(request, response, vaultId, guard, context));
  if (resource === 'search')
    return allow(request, response, ['GET', 'HEAD'], () => search(request, response, vaultId, guard, context));
  return allow(request, response, ['GET', 'HEAD'], async () => {
    const answer =
      resource === 'tree'
        ? await context.vaults.readTree(vaultId, guard.hidden)
        : await context.vaults.readTrash(vaultId, guard.hidden);
    sendJson(response, 200, answer);
  });
}

// 401 without credentials, 404 for a vault that is not the caller's, 403 for a foreign Origin.
async function authorize(
  request: IncomingMessage,
  response: ServerResponse,
  vaultId: string,
  context: ApiContext,
): Promise<VaultGuard | null> {
  const now = context.clock();
  const caller = await requireCaller(request, response, context.access, now);
  if (!caller || refuseForeignOrigin(request, response, caller, context.edge)) return null;
  const vault = await requireVault(response, context.access, caller, vaultId, now);
  return vault ? guardOf(vault, now) : null;
}

async function allow(
  request: IncomingMessage,
  response: ServerResponse,
  methods: string[],
  handle: () => Promise<void> | void,
): Promise<void> {
  if (methods.includes(request.method ?? '')) return handle();
  response.setHeader('Allow', methods.join(', '));
  sendError(response, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}.`);
}

function sendHealth(response: ServerResponse, context: ApiContext): void {
  sendJson(response, 200, { ok: true, backend: context.backend });
}

// OP2: a malformed batch is refused whole (400); a well-formed one answers per op (200), refusals included.
async function applyOps(
  request: IncomingMessage,
  response: ServerResponse,
  vaultId: string,
  guard: VaultGuard,
  context: ApiContext,
): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const now = context.clock();
  const batch = parseVaultOpBatch(body.value, now.getTime());
  if (!batch.ok) return sendError(response, batch.code, batch.message);
  sendJson(response, 200, await context.vaults.applyOps(vaultId, batch.ops, now, guard));
}

// SRCH3/SRCH5: `?q=…&limit=…&folder=…&kind=…` → pointers only, from the notes the caller may read (ACL5).
function search(
  request: IncomingMessage,
  response: ServerResponse,
  vaultId: string,
  guard: VaultGuard,
  context: ApiContext,
): void {
  const params = new URL(request.url ?? '/', 'http://relay.invalid').searchParams;
  const limit = params.get('limit');
  const answer = context.search({
    query: params.get('q') ?? '',
    vaultId,
    hidden: guard.hidden,
    limit: limit === null ? undefined : Number(limit),
    folder: params.get('folder') ?? undefined,
    kind: params.get('kind') ?? undefined,
  });
  if (answer.ok) sendJson(response, 200, { results: answer.results });
  else sendError(response, answer.code, answer.message);
}
