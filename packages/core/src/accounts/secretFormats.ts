/** ACC7: the prefix of every personal access token, so leaked ones are easy to spot and scan for. */
export const ACCESS_TOKEN_PREFIX = 'baalda_pat_';

// 32 random bytes in base64url are 43 characters; anything else was not made by a relay.
const SECRET_BODY = /^[A-Za-z0-9_-]{43}$/;

/** ACC7: true when `value` has the shape of an access token (prefix + 43 base64url characters). */
export function isAccessTokenShape(value: string): boolean {
  return value.startsWith(ACCESS_TOKEN_PREFIX) && SECRET_BODY.test(value.slice(ACCESS_TOKEN_PREFIX.length));
}

/** ACC7: true when `value` has the shape of a session or invite secret (43 base64url characters). */
export function isSecretShape(value: string): boolean {
  return SECRET_BODY.test(value);
}

// Node accepts 16 KiB of headers; a browser with many cookies on a shared host (localhost) can send
// most of that, and must not look signed out for it.
const MAX_COOKIE_HEADER = 16 * 1024;

/** ACC8: the session cookie's name on plain http (loopback), where a browser can't hold a `__Host-` cookie. */
export const SESSION_COOKIE = 'baalda_session';

/**
 * ACC8: the session cookie's name behind https. A browser takes a `__Host-` cookie only from the host
 * itself over https, with `Secure`, `Path=/` and no `Domain`, so a sibling subdomain or an http page can't
 * plant or overwrite it (cookie tossing).
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** ACC8: the session cookie's name for a relay whose cookies are `Secure` (served over https) or not. */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * ACC8: the session secrets in a `Cookie` header: the first `__Host-baalda_session`, then the first
 * `baalda_session`, each only when its value has ACC7's secret shape. The `__Host-` one comes first, so a
 * cookie planted under the plain name never wins over it; the plain name is still read, for sessions
 * started before a relay moved to https. A malformed cookie is treated as no cookie (never an error that
 * could leak why).
 * @example sessionSecretsFromCookie('theme=dark; baalda_session=abc') // [] (wrong shape)
 */
export function sessionSecretsFromCookie(header: string | undefined | null): string[] {
  if (!header || header.length > MAX_COOKIE_HEADER) return [];
  const found = new Map<string, string>();
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    const name = separator < 0 ? '' : part.slice(0, separator).trim();
    if ((name !== SECURE_SESSION_COOKIE && name !== SESSION_COOKIE) || found.has(name)) continue;
    const value = part.slice(separator + 1).trim();
    if (isSecretShape(value)) found.set(name, value);
  }
  return [found.get(SECURE_SESSION_COOKIE), found.get(SESSION_COOKIE)].filter((secret) => secret !== undefined);
}

/**
 * ACC8: the session secret in a `Cookie` header (the `__Host-` one when both names come), or null when
 * there is none of the right shape.
 * @example sessionSecretFromCookie('theme=dark; baalda_session=abc') // null (wrong shape)
 */
export function sessionSecretFromCookie(header: string | undefined | null): string | null {
  return sessionSecretsFromCookie(header)[0] ?? null;
}

/**
 * ACC7: the token in an `Authorization: Bearer …` header, or null when absent or malformed.
 * @example bearerTokenOf('Bearer baalda_pat_…') // 'baalda_pat_…'
 */
export function bearerTokenOf(header: string | undefined | null): string | null {
  if (!header) return null;
  // RFC 6750: "Bearer" 1*SP b64token; the scheme is case-insensitive (RFC 9110).
  const match = /^Bearer +([^\s]{1,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}
