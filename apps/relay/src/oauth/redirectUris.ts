import { OAUTH_CLIENT_LIMITS } from '@baalda/core';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// Schemes that run or read something in the browser, or are no redirect at all, instead of reaching an app.
const REFUSED_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'blob:',
  'about:',
  'ftp:',
  'ws:',
  'wss:',
]);

/**
 * OAU4: why a redirect URI may not be registered, or null when it may. OAuth 2.1 and RFC 8252: https, or
 * http to a loopback address (a native app's local listener), or an app's own scheme (`cursor://…`); no
 * fragment, no credentials; at most OAUTH_CLIENT_LIMITS.maxUriLength characters.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > OAUTH_CLIENT_LIMITS.maxUriLength) return 'is too long';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not a URL';
  }
  if (url.hash !== '' || uri.includes('#')) return 'may not have a fragment';
  if (REFUSED_SCHEMES.has(url.protocol)) return `may not use ${url.protocol}`;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return 'must be https unless it is a loopback address';
  }
  if (url.username !== '' || url.password !== '') return 'may not carry credentials';
  return null;
}
