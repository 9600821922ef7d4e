import { CREATE_TOKEN_BODY, isValidVaultId, parseRequestBody } from '@baalda/core';
import { sendError, sendJson } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { AccessRouteContext, Route, RouteCall } from './callerRoutes';

type Call = RouteCall<AccessRouteContext>;

/** ACL3: personal access tokens, managed by their user from a signed-in browser only. */
export const TOKEN_ROUTES: readonly Route<AccessRouteContext>[] = [
  { method: 'GET', pattern: /^\/api\/tokens$/, auth: 'session', handle: listTokens },
  { method: 'POST', pattern: /^\/api\/tokens$/, auth: 'session', handle: createToken },
  { method: 'DELETE', pattern: /^\/api\/tokens\/([A-Za-z0-9_-]{1,64})$/, auth: 'session', handle: revokeToken },
];

async function listTokens({ response, context, caller }: Call): Promise<void> {
  sendJson(response, 200, { tokens: await context.access.tokens.list(caller.user.id) });
}

async function createToken({ request, response, context, caller, now }: Call): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const fields = parseRequestBody(CREATE_TOKEN_BODY, body.value);
  if (!fields.ok) return sendError(response, fields.code, fields.message);
  const { name, readOnly, expiresInDays: days, vaultId } = fields.value;
  // A token for a vault you are not in would be dead on arrival; refuse it rather than mint it.
  if (!isValidVaultId(vaultId) || !(await context.access.members.roleOf(vaultId, caller.user.id))) {
    return sendError(response, 'VAULT_NOT_FOUND', `No vault "${vaultId}" is open to you.`);
  }
  const expiresAt = days.days === undefined ? null : new Date(now.getTime() + days.days * 86_400_000);
  const created = await context.access.tokens.create(
    { userId: caller.user.id, vaultId, name: name.name, readOnly: readOnly === true, expiresAt },
    now,
  );
  sendJson(response, 201, { token: created.entry, secret: created.secret });
}

async function revokeToken({ response, context, caller, params, now }: Call): Promise<void> {
  if (!(await context.access.tokens.revoke(params[0] ?? '', now, caller.user.id)))
    return sendError(response, 'TOKEN_NOT_FOUND');
  context.recheckConnections();
  response.writeHead(204, { 'Cache-Control': 'no-store' });
  response.end();
}
