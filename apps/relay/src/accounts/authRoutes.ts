import type { ServerResponse } from 'node:http';
import { parseRequestBody, SIGN_IN_BODY, SIGN_UP_BODY, sessionSecretsFromCookie } from '@baalda/core';
import { API } from '@baalda/core/api';
import type { AccessService } from '../access/accessService';
import type { CallMeter, SignInGuard } from '../access/callLimits';
import { hashPassword, verifyPassword } from '../access/passwords';
import { clearedSessionCookie, clientAddressOf, credentialsOf, sessionCookie } from '../access/requestAuth';
import { hashSecret, newSecret } from '../access/secrets';
import { signUp } from '../access/signUp';
import { publicUser, type UserRecord } from '../access/userStore';
import { sendError } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { PlainCall, Route } from '../routing/callerRoutes';
import { type Handled, NO_CONTENT, refuse, respond, serve } from '../routing/declaredRoutes';
import type { EdgeSettings } from '../support/edgeSettings';

/** What the auth routes need. */
export interface AuthContext {
  readonly access: AccessService;
  readonly edge: EdgeSettings;
  /** ACC6, counted by every relay of a group together when they share Redis (SCALE8). */
  readonly signIns: SignInGuard;
  /** ACC11: sign-up attempts per address, and sign-ups that hash a password, from anywhere. */
  readonly signUps: { readonly perAddress: CallMeter; readonly hashing: CallMeter };
  readonly clock: () => Date;
  /** Closes every socket opened with this session (sign-out; ACL6). */
  readonly closeSessionSockets: (sessionHash: string) => void;
}

type Call = PlainCall<AuthContext>;

const NAMES_METHODS = { namesMethods: true } as const;

/** `/api/auth/*`: who is signed in, sign-up, sign-in, sign-out (ACC). */
export const AUTH_ROUTES: readonly Route<AuthContext>[] = [
  ...serve(API.authState, sendState, NAMES_METHODS),
  ...serve(API.signUp, handleSignUp, NAMES_METHODS),
  ...serve(API.signIn, handleSignIn, NAMES_METHODS),
  ...serve(API.signOut, handleSignOut, NAMES_METHODS),
];

async function sendState({ request, context }: Call): Promise<Handled<typeof API.authState>> {
  const now = context.clock();
  const caller = await context.access.callers.resolve(credentialsOf(request), now);
  const signUpOpen = (await context.access.users.count()) === 0;
  if (caller?.kind !== 'session') return respond(200, { user: null, signUpOpen, vaults: [] });
  return respond(200, {
    user: publicUser(caller.user),
    signUpOpen,
    vaults: await context.access.members.vaultsOf(caller.user.id),
  });
}

async function handleSignUp({ request, response, context }: Call): Promise<Handled<typeof API.signUp>> {
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const fields = parseRequestBody(SIGN_UP_BODY, body.value);
  if (!fields.ok) return refuse(fields.code, fields.message);
  const { email: parsedEmail, password, invite } = fields.value;
  const email = { email: parsedEmail.email, emailKey: parsedEmail.emailKey };
  const name = fields.value.name.name ?? email.email.split('@')[0] ?? email.email;
  const now = context.clock();
  const address = clientAddressOf(request, context.edge);
  const addressWaitMs = await context.signUps.perAddress.take(`signup:address:${address}`, now.getTime());
  if (addressWaitMs > 0) return refuseAsThrottled(response, addressWaitMs);
  const hashingWaitMs = () => context.signUps.hashing.take('signup:hashing', now.getTime());
  const input = { ...email, name, password: password.password, invite };
  const outcome = await signUp(context.access, input, now, hashingWaitMs);
  if (outcome.ok) return startSession(response, context, outcome.user, 201);
  if (outcome.code === 'TOO_MANY_ATTEMPTS') return refuseAsThrottled(response, outcome.retryAfterMs);
  return refuse(outcome.code);
}

/** `429 TOO_MANY_ATTEMPTS` with `Retry-After` in whole seconds (ACC6, ACC11). */
export function refuseAsThrottled(response: ServerResponse, waitMs: number): undefined {
  response.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
  sendError(response, 'TOO_MANY_ATTEMPTS');
  return undefined;
}

async function handleSignIn({ request, response, context }: Call): Promise<Handled<typeof API.signIn>> {
  const body = await readJsonBody(request);
  if (!body.ok) return refuse(body.code, body.message);
  const fields = parseRequestBody(SIGN_IN_BODY, body.value);
  if (!fields.ok) return refuse('SIGN_IN_FAILED');
  const { email, password } = fields.value;
  const address = clientAddressOf(request, context.edge);
  const now = context.clock();
  const waitMs = await context.signIns.retryAfterMs(email.emailKey, address, now.getTime());
  if (waitMs > 0) return refuseAsThrottled(response, waitMs);
  const found = await context.access.users.withPasswordByEmailKey(email.emailKey);
  // An unknown email costs a hash too, so timing does not tell which emails have accounts.
  const matches = await verifyPassword(password, found?.passwordHash ?? (await decoyHash(context)));
  if (!found || !matches) {
    await context.signIns.recordFailure(email.emailKey, address, now.getTime());
    return refuse('SIGN_IN_FAILED');
  }
  // Said only to whoever knows the password: to anyone else a disabled account answers as any other.
  if (found.disabled) return refuse('ACCOUNT_DISABLED');
  await context.signIns.recordSuccess(email.emailKey, address, now.getTime());
  return startSession(response, context, found.user, 200);
}

// Every session the cookies carry ends (the `__Host-` one and an older plain one, ACC8), without asking
// whose they are: a session secret is proof enough that its holder may end it.
async function handleSignOut({ request, response, context }: Call): Promise<Handled<typeof API.signOut>> {
  for (const secret of sessionSecretsFromCookie(request.headers.cookie)) {
    const sessionHash = hashSecret(secret);
    await context.access.sessions.remove(sessionHash);
    context.closeSessionSockets(sessionHash);
  }
  response.setHeader('Set-Cookie', clearedSessionCookie(context.edge));
  return NO_CONTENT;
}

// The cookie goes on the response now; the answer's status and body are sent by the route.
async function startSession<const Status extends 200 | 201>(
  response: ServerResponse,
  context: AuthContext,
  user: UserRecord,
  status: Status,
) {
  const secret = await context.access.sessions.create(user.id, context.clock());
  response.setHeader('Set-Cookie', sessionCookie(secret, context.edge));
  return respond(status, { user: publicUser(user), vaults: await context.access.members.vaultsOf(user.id) });
}

const decoys = new WeakMap<AccessService, Promise<string>>();

// A real hash, at the relay's cost, of a password no one knows: checking an unknown email against it
// costs what a real check costs and never matches.
function decoyHash(context: AuthContext): Promise<string> {
  let decoy = decoys.get(context.access);
  if (!decoy) {
    decoy = hashPassword(newSecret(), context.access.passwordCost);
    decoys.set(context.access, decoy);
  }
  return decoy;
}
