/**
 * OAU: what Baalda's OAuth authorization server decides without I/O — scopes, lifetimes, the shapes of
 * its tokens, where a browser may be sent back to and how a grant is named. The protocol itself
 * (requests, PKCE checks, error answers) is the MCP SDK's.
 */

/** OAU1: the two scopes; a grant holds `notes:read`, and `notes:write` only when the person allowed writing. */
export const OAUTH_SCOPES = { read: 'notes:read', write: 'notes:write' } as const;

/** OAU3: how long each piece lives, in milliseconds. */
export const OAUTH_LIFETIMES = {
  /** An authorization waiting for the person's consent. */
  consentMs: 10 * 60_000,
  /** A code, from consent to its exchange; short, as OAuth 2.1 asks. */
  codeMs: 60_000,
  /** An access token; a refresh brings the next. */
  accessMs: 60 * 60_000,
  /** A refresh token unused this long is dead; each refresh starts a new one. */
  refreshMs: 30 * 86_400_000,
} as const;

/** OAU4: limits on what a client registers (RFC 7591 leaves them to the server). */
export const OAUTH_CLIENT_LIMITS = { maxRedirectUris: 10, maxUriLength: 2000, maxNameLength: 80 } as const;

/** OAU10: plain http is a redirect target only on these hosts: a native app's own listener (RFC 8252 §7.3). */
const LOOPBACK_REDIRECT_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// RFC 8252 §7.1: a native app's private-use scheme is a domain name its maker controls, reversed, so it has a
// dot (`com.example.app:`). A scheme without one may be any program's handler: `ms-msdt:` and `search-ms:` have
// run code on Windows, `javascript:` and `view-source:` act inside the browser, and no list of them is complete.
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(?:\.[a-z0-9+-]+)+:$/;

/**
 * OAU10: why a browser may not be sent to `target` (a parsed redirect URI), or null when it may: https; http to
 * a loopback host; or a native app's private-use scheme named by its reverse domain. Checked when a client
 * registers, whenever a client is read, and by the consent page before it follows an answer.
 *
 * @example
 * redirectTargetProblem(new URL('com.example.app:/oauth/cb')); // null
 * redirectTargetProblem(new URL('ms-msdt:/id x')); // 'may not use ms-msdt: …'
 */
export function redirectTargetProblem(target: { readonly protocol: string; readonly hostname: string }): string | null {
  const scheme = target.protocol.toLowerCase();
  if (scheme === 'https:') return null;
  if (scheme === 'http:') {
    return LOOPBACK_REDIRECT_HOSTS.has(target.hostname) ? null : 'must be https unless it is a loopback address';
  }
  if (PRIVATE_USE_SCHEME.test(scheme)) return null;
  return `may not use ${scheme} (an app's own scheme is its reverse domain name, such as com.example.app:)`;
}

/** OAU2: the prefixes of OAuth tokens, apart from personal tokens' `baalda_pat_` (ACC7). */
export const OAUTH_ACCESS_PREFIX = 'baalda_oat_';
export const OAUTH_REFRESH_PREFIX = 'baalda_ort_';

const SECRET_BODY = /^[A-Za-z0-9_-]{43}$/;

/** OAU2: true when `value` has the shape of an OAuth access token. */
export function isOAuthAccessTokenShape(value: string): boolean {
  return value.startsWith(OAUTH_ACCESS_PREFIX) && SECRET_BODY.test(value.slice(OAUTH_ACCESS_PREFIX.length));
}

/** OAU2: true when `value` has the shape of an OAuth refresh token. */
export function isOAuthRefreshTokenShape(value: string): boolean {
  return value.startsWith(OAUTH_REFRESH_PREFIX) && SECRET_BODY.test(value.slice(OAUTH_REFRESH_PREFIX.length));
}

/**
 * OAU1: true when the client asked for writing or named no scope (the person then decides); a client
 * that asked for `notes:read` alone is never offered more.
 */
export function mayOfferWrite(requestedScopes: readonly string[]): boolean {
  return requestedScopes.length === 0 || requestedScopes.includes(OAUTH_SCOPES.write);
}

/** OAU1: the scopes unknown to Baalda among those requested (refused as `invalid_scope`). */
export function unknownScopes(requestedScopes: readonly string[]): string[] {
  const known = new Set<string>(Object.values(OAUTH_SCOPES));
  return requestedScopes.filter((scope) => !known.has(scope));
}

/** OAU1: the scope string a grant carries. */
export function grantedScope(readOnly: boolean): string {
  return readOnly ? OAUTH_SCOPES.read : `${OAUTH_SCOPES.read} ${OAUTH_SCOPES.write}`;
}

/**
 * OAU5: the name a grant is listed under in Access tokens: the client's own name (trimmed, controls
 * removed, at most 80 code points) and "via OAuth"; an unnamed client is "An assistant".
 */
export function oauthGrantName(clientName: string | undefined): string {
  const cleaned = [
    ...(clientName ?? '')
      .normalize('NFC')
      .replace(/\p{Cc}/gu, ' ')
      .trim(),
  ]
    .slice(0, OAUTH_CLIENT_LIMITS.maxNameLength - ' (OAuth)'.length)
    .join('')
    .trim();
  return `${cleaned || 'An assistant'} (OAuth)`;
}
