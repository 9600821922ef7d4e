import { OAUTH_CLIENT_LIMITS, redirectTargetProblem } from '@baalda/core';

/**
 * OAU4, OAU10: why a redirect URI may not be registered or used, or null when it may. Where it may lead is
 * core's rule (https, loopback http, an app's reverse-domain scheme); besides: no fragment, no credentials, at
 * most OAUTH_CLIENT_LIMITS.maxUriLength characters.
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
  const target = redirectTargetProblem(url);
  if (target) return target;
  if (url.username !== '' || url.password !== '') return 'may not carry credentials';
  return null;
}
