import type { AccessService } from './accessService';
import type { Caller } from './callers';
import { isDead } from './callers';

/**
 * What a sync connection remembers about who opened it, so ACL6 can ask again later without the
 * original headers: the session's hash or the token's id, never a secret.
 */
export type CallerRef =
  | { readonly kind: 'session'; readonly userId: string; readonly sessionHash: string }
  | { readonly kind: 'token'; readonly userId: string; readonly tokenId: string; readonly expiresAt: number | null };

/** The reference a connection keeps for `caller`. */
export function refOf(caller: Caller): CallerRef {
  return caller.kind === 'session'
    ? { kind: 'session', userId: caller.user.id, sessionHash: caller.sessionHash }
    : { kind: 'token', userId: caller.user.id, tokenId: caller.token.id, expiresAt: caller.token.expiresAt };
}

/** The caller behind a reference now, or null when its session ended or its token died (ACL3, ACL6). */
export async function callerOfRef(access: AccessService, ref: CallerRef, now: Date): Promise<Caller | null> {
  if (ref.kind === 'session') {
    const user = await access.sessions.userOf(ref.sessionHash, now);
    return user ? { kind: 'session', user, sessionHash: ref.sessionHash } : null;
  }
  const token = await access.tokens.byId(ref.tokenId);
  if (!token || isDead(token, now)) return null;
  const user = await access.users.activeById(token.userId);
  return user ? { kind: 'token', user, token } : null;
}
