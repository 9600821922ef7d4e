import { isSecretShape } from '@baalda/core';
import { API } from '@baalda/core/api';
import type { PlainCall, Route, RouteCall, RouteContext } from '../routing/callerRoutes';
import { type Handled, refuse, respond, serve } from '../routing/declaredRoutes';

type InviteContext = RouteContext & { vaultAccessChanged: (vaultId: string) => Promise<void> };

/**
 * `GET /api/invites/:secret` (no sign-in: the sign-up page shows what the link offers) and
 * `POST /api/invites/:secret/accept` (signed in: join the vault).
 */
export const INVITE_ROUTES: readonly Route<InviteContext>[] = [
  ...serve(API.showInvite, showInvite),
  // `any`, not `session`: a token is refused here with its own message, after the Origin check.
  ...serve(API.acceptInvite, acceptInvite),
];

async function showInvite({ context, params }: PlainCall<InviteContext>): Promise<Handled<typeof API.showInvite>> {
  const secret = params[0] ?? '';
  const offer = isSecretShape(secret) ? await context.access.invites.offerOf(secret, context.clock()) : null;
  if (!offer) return refuse('INVITE_INVALID');
  return respond(200, { vaultName: offer.vaultName, role: offer.role, expiresAt: offer.expiresAt });
}

async function acceptInvite({
  context,
  caller,
  params,
  now,
}: RouteCall<InviteContext>): Promise<Handled<typeof API.acceptInvite>> {
  if (caller.kind !== 'session') return refuse('FORBIDDEN', 'Sign in to accept an invite.');
  const secret = params[0] ?? '';
  const offer = isSecretShape(secret) ? await context.access.invites.accept(secret, caller.user.id, now) : null;
  if (!offer) return refuse('INVITE_INVALID');
  await context.vaultAccessChanged(offer.vaultId);
  const role = await context.access.members.roleOf(offer.vaultId, caller.user.id);
  return respond(200, { vault: { id: offer.vaultId, name: offer.vaultName, role } });
}
