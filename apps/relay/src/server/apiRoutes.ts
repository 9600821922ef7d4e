import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidVaultId, parseVaultOpBatch } from '@baalda/core';
import type { SearchRequest, searchNotes } from '../search/searchService';
import { KNOWN_VAULTS } from '../vault/knownVaults';
import type { VaultService } from '../vault/vaultService';
import type { VersionService } from '../versions/versionService';
import { sendError, sendJson } from './httpErrors';
import { readJsonBody } from './readJsonBody';
import { handleVersionRoute, VERSION_ROUTE } from './versionRoutes';

/** What the API routes need from the rest of the relay. */
export interface ApiContext {
  readonly vaults: VaultService;
  readonly search: (request: SearchRequest) => ReturnType<typeof searchNotes>;
  readonly clock: () => Date;
  readonly backend: string;
  readonly versions: VersionService;
}

const VAULT_ROUTE = /^\/api\/vaults\/([^/]+)\/(tree|trash|ops|search)$/;

/** Handles `/api/*`; every answer is JSON. */
export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: ApiContext,
): Promise<void> {
  if (path === '/api/health') return allow(request, response, ['GET', 'HEAD'], () => sendHealth(response, context));
  const history = VERSION_ROUTE.exec(path);
  if (history) {
    const [, vaultId = '', docId = '', versionId, restore] = history;
    if (!isValidVaultId(vaultId) || !KNOWN_VAULTS.has(vaultId))
      return sendError(response, 'VAULT_NOT_FOUND', `No vault "${vaultId}".`);
    const route = { vaultId, docId, versionId, restore: restore !== undefined };
    return handleVersionRoute(request, response, route, context.versions);
  }
  const match = VAULT_ROUTE.exec(path);
  if (!match) return sendError(response, 'NOT_FOUND', `No API route at ${path}.`);
  const [, vaultId = '', resource] = match;
  if (!isValidVaultId(vaultId) || !KNOWN_VAULTS.has(vaultId))
    return sendError(response, 'VAULT_NOT_FOUND', `No vault "${vaultId}".`);
  if (resource === 'ops')
    return allow(request, response, ['POST'], () => applyOps(request, response, vaultId, context));
  if (resource === 'search')
    return allow(request, response, ['GET', 'HEAD'], () => search(request, response, vaultId, context));
  return allow(request, response, ['GET', 'HEAD'], async () => {
    sendJson(
      response,
      200,
      resource === 'tree' ? await context.vaults.readTree(vaultId) : await context.vaults.readTrash(vaultId),
    );
  });
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
  context: ApiContext,
): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const now = context.clock();
  const batch = parseVaultOpBatch(body.value, now.getTime());
  if (!batch.ok) return sendError(response, batch.code, batch.message);
  sendJson(response, 200, await context.vaults.applyOps(vaultId, batch.ops, now));
}

// SRCH3/SRCH5: `?q=…&limit=…&folder=…&kind=…` → pointers only.
function search(request: IncomingMessage, response: ServerResponse, vaultId: string, context: ApiContext): void {
  const params = new URL(request.url ?? '/', 'http://relay.invalid').searchParams;
  const limit = params.get('limit');
  const answer = context.search({
    query: params.get('q') ?? '',
    vaultId,
    caller: 'anonymous',
    limit: limit === null ? undefined : Number(limit),
    folder: params.get('folder') ?? undefined,
    kind: params.get('kind') ?? undefined,
  });
  if (answer.ok) sendJson(response, 200, { results: answer.results });
  else sendError(response, answer.code, answer.message);
}
