import { isValidVaultId, mayOfferWrite, OAUTH_APPROVE_BODY, parseRequestBody } from '@baalda/core';
import { API } from '@baalda/core/api';
import { sendError, sendJson } from '../http/httpErrors';
import { publicOriginOf } from '../http/publicOrigin';
import { readJsonBody } from '../http/readJsonBody';
import type { Route, RouteCall, RouteContext } from '../routing/callerRoutes';
import { serve } from '../routing/declaredRoutes';
import { createOAuthAuthorizations, type StoredAuthorization } from './oauthAuthorizations';

type Call = RouteCall<RouteContext>;

/**
 * OAU6: the consent page's routes, for a signed-in browser only (a token can't grant tokens): what an
 * assistant asks for, and the person's answer, which sends the browser back to the assistant.
 */
export const OAUTH_ROUTES: readonly Route<RouteContext>[] = [
  ...serve(API.describeOAuthRequest, describe),
  ...serve(API.approveOAuthRequest, approve),
  ...serve(API.denyOAuthRequest, deny),
];

async function describe({ response, context, params, now }: Call): Promise<void> {
  const authorization = await createOAuthAuthorizations(context.access.prisma).pending(params[0] ?? '', now);
  if (!authorization) return sendError(response, 'OAUTH_REQUEST_NOT_FOUND');
  sendJson(response, 200, {
    id: authorization.id,
    clientName: authorization.clientName ?? 'An assistant',
    clientUri: authorization.clientUri,
    redirectOrigin: originOf(authorization.redirectUri),
    mayWrite: mayOfferWrite(authorization.scopes),
    expiresAt: authorization.expiresAt.toISOString(),
  });
}

async function approve({ request, response, context, caller, params, now }: Call): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const fields = parseRequestBody(OAUTH_APPROVE_BODY, body.value);
  if (!fields.ok) return sendError(response, fields.code, fields.message);
  const { vaultId, readOnly } = fields.value;
  const role = isValidVaultId(vaultId) ? await context.access.members.roleOf(vaultId, caller.user.id) : null;
  if (!role) return sendError(response, 'VAULT_NOT_FOUND', `No vault "${vaultId}" is open to you.`);
  const authorizations = createOAuthAuthorizations(context.access.prisma);
  const pending = await authorizations.pending(params[0] ?? '', now);
  if (!pending) return sendError(response, 'OAUTH_REQUEST_NOT_FOUND');
  // OAU1: a grant never says more than the person may do, nor more than the assistant asked for.
  const mayWrite = !readOnly && role !== 'viewer' && mayOfferWrite(pending.scopes);
  const approved = await authorizations.approve(
    pending.id,
    { userId: caller.user.id, vaultId, readOnly: !mayWrite },
    now,
  );
  if (!approved) return sendError(response, 'OAUTH_REQUEST_NOT_FOUND');
  sendRedirect(response, approved.authorization, { code: approved.code }, publicOriginOf(request, context.edge));
}

async function deny({ request, response, context, params, now }: Call): Promise<void> {
  const denied = await createOAuthAuthorizations(context.access.prisma).deny(params[0] ?? '', now);
  if (!denied) return sendError(response, 'OAUTH_REQUEST_NOT_FOUND');
  const refusal = { error: 'access_denied', error_description: 'The person declined to connect the assistant.' };
  sendRedirect(response, denied, refusal, publicOriginOf(request, context.edge));
}

/** The client's redirect URI with the answer, `state` and (RFC 9207) the issuer added. */
function sendRedirect(
  response: Call['response'],
  authorization: StoredAuthorization,
  answer: Record<string, string>,
  issuer: string | null,
): void {
  const target = new URL(authorization.redirectUri);
  for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
  if (authorization.state !== undefined) target.searchParams.set('state', authorization.state);
  if (issuer) target.searchParams.set('iss', issuer);
  sendJson(response, 200, { redirectTo: target.href });
}

function originOf(uri: string): string {
  const url = new URL(uri);
  // An app's own scheme (`cursor://…`) has no web origin; its scheme and host say which app it is.
  return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
}
