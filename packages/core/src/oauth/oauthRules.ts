/**
 * OAU: what Baalda's OAuth authorization server decides without I/O — scopes, lifetimes, the shapes of
 * its tokens, which redirect URIs a client may register and how a grant is named. The protocol itself
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
