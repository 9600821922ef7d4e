import { formatRelativeTime } from '../relativeTime';
import type { AccessToken } from './accessShapes';
import { tokenStateOf } from './tokenExpiry';

/** A calendar day for a time that may be ahead ("12 Mar 2026"); relative words only fit the past. */
export function formatDay(time: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(time);
}

/** The fact that marks an assistant's OAuth grant among personal tokens (OAC3). */
const CONNECTED_VIA_OAUTH = 'Connected via OAuth';

/**
 * The facts of one token as short phrases, in the order the list shows them: how it was given (only an
 * assistant's OAuth grant says so), vault, rights, created, expiry, last use, and why it no longer works.
 * `vaultNames` turns ids into names where they are known.
 */
export function tokenFactsOf(
  token: AccessToken,
  now: number,
  vaultNames: ReadonlyMap<string, string>,
  locale?: string,
): string[] {
  const state = tokenStateOf(token, now);
  const facts = [
    ...(token.oauthClient === null ? [] : [CONNECTED_VIA_OAUTH]),
    `Vault: ${vaultNames.get(token.vaultId) ?? token.vaultId}`,
    token.readOnly ? 'Read-only' : 'Read and write',
    `Created ${formatRelativeTime(token.createdAt, now, locale)}`,
    expiryFactOf(token, state, locale),
    token.lastUsedAt === null ? 'Never used' : `Last used ${formatRelativeTime(token.lastUsedAt, now, locale)}`,
  ];
  if (token.revokedAt !== null) facts.push(`Revoked ${formatRelativeTime(token.revokedAt, now, locale)}`);
  return facts;
}

function expiryFactOf(token: AccessToken, state: ReturnType<typeof tokenStateOf>, locale?: string): string {
  if (token.expiresAt === null) return 'Never expires';
  const day = formatDay(token.expiresAt, locale);
  return state === 'expired' ? `Expired ${day}` : `Expires ${day}`;
}
