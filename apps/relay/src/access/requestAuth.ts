import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidVaultId, SESSION_COOKIE } from '@baalda/core';
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

/** ACC8: the session cookie: HttpOnly (no script reads it), SameSite=Lax, Secure behind https. */
export function sessionCookie(secret: string, edge: EdgeSettings): string {
  return cookie(secret, Math.floor(SESSION_TTL_MS / 1000), edge);
}

/** The header that removes the session cookie. */
export function clearedSessionCookie(edge: EdgeSettings): string {
  return cookie('', 0, edge);
}

function cookie(value: string, maxAgeSeconds: number, edge: EdgeSettings): string {
  const secure = edge.publicUrl?.protocol === 'https:' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
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
