import { CHANGE_PASSWORD_BODY, parseRequestBody } from '@baalda/core';
import { API } from '@baalda/core/api';
import { changeOwnPassword, type EndedCredentials, endEverySession } from '../access/accountControls';
import { hashPassword, verifyPassword } from '../access/passwords';
import { clearedSessionCookie, clientAddressOf } from '../access/requestAuth';
import { publicUser } from '../access/userStore';
import { readJsonBody } from '../http/readJsonBody';
import type { Route, RouteCall } from '../routing/callerRoutes';
import { type Handled, refuse, respond, serve } from '../routing/declaredRoutes';
import { type AuthContext, refuseAsThrottled } from './authRoutes';

/** What a signed-in person's account routes need beyond the auth routes'. */
export interface AccountRouteContext extends AuthContext {
  /** Re-decides open sync connections now (ACL6): revoked grants and tokens close their sockets. */
  readonly recheckConnections: () => void;
}

type Call = RouteCall<AccountRouteContext>;

/** `/api/auth/password` and `/api/auth/signout-everywhere`: a signed-in person's own account (ACC12, ACC14). */
export const ACCOUNT_ROUTES: readonly Route<AccountRouteContext>[] = [
  ...serve(API.changePassword, changePassword, { namesMethods: true }),
  ...serve(API.signOutEverywhere, signOutEverywhere, { namesMethods: true }),
];

/** Closes what an account change ended: its sessions' sockets now, its tokens' on the re-decision (ACL6). */
export function closeEndedConnections(
  context: Pick<AccountRouteContext, 'closeSessionSockets' | 'recheckConnections'>,
  ended: EndedCredentials,
): void {
  for (const sessionHash of ended.sessionHashes) context.closeSessionSockets(sessionHash);
  context.recheckConnections();
}

// ACC12: the current password is checked as a sign-in is (ACC6's counts), so a stolen session can't be used
// to guess the password faster than signing in lets anyone.
async function changePassword({
  request,
  response,
  context,
  caller,
  now,
}: Call): Promise<Handled<typeof API.changePassword> | undefined> {
  if (caller.kind !== 'session') return refuse('FORBIDDEN');
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const fields = parseRequestBody(CHANGE_PASSWORD_BODY, body.value);
  if (!fields.ok) return refuse(fields.code, fields.message);
  const account = await context.access.users.withPasswordById(caller.user.id);
  if (!account) return refuse('UNAUTHENTICATED');
  const address = clientAddressOf(request, context.edge);
  const waitMs = await context.signIns.retryAfterMs(account.emailKey, address, now.getTime());
  if (waitMs > 0) return refuseAsThrottled(response, waitMs);
  if (!(await verifyPassword(fields.value.currentPassword, account.passwordHash))) {
    await context.signIns.recordFailure(account.emailKey, address, now.getTime());
    return refuse('PASSWORD_WRONG');
  }
  const passwordHash = await hashPassword(fields.value.newPassword.password, context.access.passwordCost);
  const ended = await changeOwnPassword(context.access.prisma, caller.user.id, passwordHash, caller.sessionHash, now);
  closeEndedConnections(context, ended);
  return respond(200, {
    user: publicUser(caller.user),
    endedSessions: ended.sessionHashes.length,
    endedGrants: ended.grants,
  });
}

// ACC14: every session of the caller's account ends, this one too; tokens and grants are listed and revoked
// on their own (Access tokens).
async function signOutEverywhere({ response, context, caller }: Call): Promise<void> {
  const ended = await endEverySession(context.access.prisma, caller.user.id);
  closeEndedConnections(context, { sessionHashes: ended, grants: 0, personalTokens: 0 });
  response.writeHead(204, { 'Set-Cookie': clearedSessionCookie(context.edge), 'Cache-Control': 'no-store' });
  response.end();
}
