import { isSecretShape } from '@baalda/core';
import { sendError, sendJson } from '../http/httpErrors';
import type { PlainCall, Route, RouteCall, RouteContext } from './callerRoutes';

type InviteContext = RouteContext & { vaultAccessChanged: (vaultId: string) => Promise<void> };

/**
 * `GET /api/invites/:secret` (no sign-in: the sign-up page shows what the link offers) and
 * `POST /api/invites/:secret/accept` (signed in: join the vault).
 */
export const INVITE_ROUTES: readonly Route<InviteContext>[] = [
  { method: 'GET', pattern: /^\/api\/invites\/([^/]+)$/, auth: 'public', handle: showInvite },
  // `any`, not `session`: a token is refused here with its own message, after the Origin check.
  { method: 'POST', pattern: /^\/api\/invites\/([^/]+)\/accept$/, auth: 'any', handle: acceptInvite },
];

async function showInvite({ response, context, params }: PlainCall<InviteContext>): Promise<void> {
  const secret = params[0] ?? '';
  const offer = isSecretShape(secret) ? await context.access.invites.offerOf(secret, context.clock()) : null;
  if (!offer) return sendError(response, 'INVITE_INVALID');
  sendJson(response, 200, { vaultName: offer.vaultName, role: offer.role, expiresAt: offer.expiresAt });
}

async function acceptInvite({ response, context, caller, params, now }: RouteCall<InviteContext>): Promise<void> {
  if (caller.kind !== 'session') return sendError(response, 'FORBIDDEN', 'Sign in to accept an invite.');
  const secret = params[0] ?? '';
  const offer = isSecretShape(secret) ? await context.access.invites.accept(secret, caller.user.id, now) : null;
  if (!offer) return sendError(response, 'INVITE_INVALID');
  await context.vaultAccessChanged(offer.vaultId);
  const role = await context.access.members.roleOf(offer.vaultId, caller.user.id);
  sendJson(response, 200, { vault: { id: offer.vaultId, name: offer.vaultName, role } });
}
