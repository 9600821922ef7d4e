import { CREATE_TOKEN_BODY, isValidVaultId, parseRequestBody } from '@baalda/core';
import { API } from '@baalda/core/api';
import { readJsonBody } from '../http/readJsonBody';
import type { AccessRouteContext, Route, RouteCall } from '../routing/callerRoutes';
import { type Handled, NO_CONTENT, refuse, respond, serve } from '../routing/declaredRoutes';

type Call = RouteCall<AccessRouteContext>;

/** ACL3: personal access tokens, managed by their user from a signed-in browser only. */
export const TOKEN_ROUTES: readonly Route<AccessRouteContext>[] = [
  ...serve(API.listTokens, listTokens),
  ...serve(API.createToken, createToken),
  ...serve(API.revokeToken, revokeToken),
];

async function listTokens({ context, caller }: Call): Promise<Handled<typeof API.listTokens>> {
  return respond(200, { tokens: await context.access.tokens.list(caller.user.id) });
}

async function createToken({ request, context, caller, now }: Call): Promise<Handled<typeof API.createToken>> {
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const fields = parseRequestBody(CREATE_TOKEN_BODY, body.value);
  if (!fields.ok) return refuse(fields.code, fields.message);
  const { name, readOnly, expiresInDays: days, vaultId } = fields.value;
  // A token for a vault you are not in would be dead on arrival; refuse it rather than mint it.
  if (!isValidVaultId(vaultId) || !(await context.access.members.roleOf(vaultId, caller.user.id))) {
    return refuse('VAULT_NOT_FOUND', `No vault "${vaultId}" is open to you.`);
  }
  const expiresAt = days.days === undefined ? null : new Date(now.getTime() + days.days * 86_400_000);
  const created = await context.access.tokens.create(
    { userId: caller.user.id, vaultId, name: name.name, readOnly: readOnly === true, expiresAt },
    now,
  );
  return respond(201, { token: created.entry, secret: created.secret });
}

async function revokeToken({ context, caller, params, now }: Call): Promise<Handled<typeof API.revokeToken>> {
  if (!(await context.access.tokens.revoke(params[0] ?? '', now, caller.user.id))) return refuse('TOKEN_NOT_FOUND');
  context.recheckConnections();
  return NO_CONTENT;
}
