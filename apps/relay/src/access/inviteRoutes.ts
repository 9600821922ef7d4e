import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSecretShape } from '@baalda/core';
import { sendError, sendJson } from '../http/httpErrors';
import type { RouteContext } from './callerRoutes';
import { refuseForeignOrigin, requireCaller } from './requestAuth';

const INVITE_ROUTE = /^\/api\/invites\/([^/]+)(\/accept)?$/;

type InviteContext = RouteContext & { vaultAccessChanged: (vaultId: string) => Promise<void> };

/**
 * `GET /api/invites/:secret` (no sign-in: the sign-up page shows what the link offers) and
 * `POST /api/invites/:secret/accept` (signed in: join the vault). False when the path is not one of them.
 */
export async function handleInviteRoute(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: InviteContext,
): Promise<boolean> {
  const match = INVITE_ROUTE.exec(path);
  if (!match) return false;
  const [, secret = '', accept] = match;
  const method = accept ? 'POST' : 'GET';
  if (request.method !== method) {
    response.setHeader('Allow', method);
    sendError(response, 'METHOD_NOT_ALLOWED');
    return true;
  }
  await (accept ? acceptInvite(request, response, secret, context) : showInvite(response, secret, context));
  return true;
}

async function showInvite(response: ServerResponse, secret: string, context: InviteContext): Promise<void> {
  const offer = isSecretShape(secret) ? await context.access.invites.offerOf(secret, context.clock()) : null;
  if (!offer) return sendError(response, 'INVITE_INVALID');
  sendJson(response, 200, { vaultName: offer.vaultName, role: offer.role, expiresAt: offer.expiresAt });
}

async function acceptInvite(
  request: IncomingMessage,
  response: ServerResponse,
  secret: string,
  context: InviteContext,
): Promise<void> {
  const now = context.clock();
  const caller = await requireCaller(request, response, context.access, now);
  if (!caller || refuseForeignOrigin(request, response, caller, context.edge)) return;
  if (caller.kind !== 'session') return sendError(response, 'FORBIDDEN', 'Sign in to accept an invite.');
  const offer = isSecretShape(secret) ? await context.access.invites.accept(secret, caller.user.id, now) : null;
  if (!offer) return sendError(response, 'INVITE_INVALID');
  await context.vaultAccessChanged(offer.vaultId);
  const role = await context.access.members.roleOf(offer.vaultId, caller.user.id);
  sendJson(response, 200, { vault: { id: offer.vaultId, name: offer.vaultName, role } });
}
