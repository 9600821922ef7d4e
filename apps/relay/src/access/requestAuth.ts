import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidVaultId, SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionCookieName } from '@baalda/core';
import { sendError } from '../http/httpErrors';
import type { EdgeSettings } from '../support/edgeSettings';
import type { AccessService } from './accessService';
import type { Caller, Credentials, VaultAccess } from './callers';
import { SESSION_TTL_MS } from './sessionStore';

/** What the request's headers offer as credentials. */
export function credentialsOf(request: IncomingMessage): Credentials {
  return { cookie: request.headers.cookie ?? null, authorization: request.headers.authorization ?? null };
}

/** The caller behind the request, or null after answering 401 (with `WWW-Authenticate`, RFC 6750). */
export async function requireCaller(
  request: IncomingMessage,
  response: ServerResponse,
  access: AccessService,
  now: Date,
): Promise<Caller | null> {
  const caller = await access.callers.resolve(credentialsOf(request), now);
  if (caller) return caller;
  response.setHeader('WWW-Authenticate', 'Bearer realm="baalda"');
  sendError(response, 'UNAUTHENTICATED');
  return null;
}

/**
 * The caller's access to `vaultId`, or null after answering 404 VAULT_NOT_FOUND: a vault you are not
 * in answers exactly like one that does not exist, so ids can't be probed.
 */
export async function requireVault(
  response: ServerResponse,
  access: AccessService,
  caller: Caller,
  vaultId: string,
  now: Date,
): Promise<VaultAccess | null> {
  const vault = isValidVaultId(vaultId) ? await access.callers.vaultAccess(caller, vaultId, now) : null;
  if (vault) return vault;
  sendError(response, 'VAULT_NOT_FOUND', `No vault "${vaultId}" is open to you.`);
  return null;
}

/**
 * CSRF: a change made with a session cookie must come from our own pages. SameSite=Lax already keeps
 * the cookie off cross-site POSTs; checking `Origin` as well covers older browsers and same-site
 * subdomains. Tokens are not sent by browsers on their own, so token requests skip this.
 */
export function refuseForeignOrigin(
  request: IncomingMessage,
  response: ServerResponse,
  caller: Caller | null,
  edge: EdgeSettings,
): boolean {
  if (caller?.kind === 'token' || request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.origin;
  if (origin === undefined || isOwnOrigin(origin, request, edge)) return false;
  sendError(response, 'ORIGIN_REFUSED');
  return true;
}

/** True when `origin` is the relay's own: its public URL, or the host the request was sent to. */
export function isOwnOrigin(origin: string, request: IncomingMessage, edge: EdgeSettings): boolean {
  if (edge.publicUrl && origin === edge.publicUrl.origin) return true;
  const host = request.headers.host;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * ACC8: the session cookie: HttpOnly (no script reads it), SameSite=Lax, Path=/, never a Domain. Behind https
 * it is `__Host-baalda_session` and Secure, and the plain name, from before, is cleared with it.
 */
export function sessionCookie(secret: string, edge: EdgeSettings): string[] {
  const secure = isServedSecurely(edge);
  const session = cookie(sessionCookieName(secure), secret, Math.floor(SESSION_TTL_MS / 1000), secure);
  return secure ? [session, cookie(SESSION_COOKIE, '', 0, secure)] : [session];
}

/** The headers that remove the session cookie (both names behind https). */
export function clearedSessionCookie(edge: EdgeSettings): string[] {
  const secure = isServedSecurely(edge);
  const names = secure ? [SECURE_SESSION_COOKIE, SESSION_COOKIE] : [SESSION_COOKIE];
  return names.map((name) => cookie(name, '', 0, secure));
}

function isServedSecurely(edge: EdgeSettings): boolean {
  return edge.publicUrl?.protocol === 'https:';
}

function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** The client's address, for sign-in throttling (ACC6). */
export function clientAddressOf(request: IncomingMessage, edge: EdgeSettings): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (edge.trustProxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  return request.socket.remoteAddress ?? 'unknown';
}
