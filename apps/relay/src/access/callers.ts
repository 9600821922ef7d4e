import {
  bearerTokenOf,
  hiddenFolderKeys,
  isAccessTokenShape,
  isOAuthAccessTokenShape,
  type Principal,
  sessionSecretFromCookie,
  tokenRefusalOf,
} from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import type { MemberStore } from './memberStore';
import type { OAuthTokenStore } from './oauthTokenStore';
import { createRestrictionReader, type StoredRestriction } from './restrictionStore';
import { hashSecret } from './secrets';
import type { SessionStore } from './sessionStore';
import type { ResolvedToken, TokenStore } from './tokenStore';
import type { UserRecord, UserStore } from './userStore';

/**
 * Who is behind a request or socket: a signed-in browser (session) or a script (personal access token).
 * A token's limits travel with it into every Principal made from it (ACL3).
 */
export type Caller =
  | { readonly kind: 'session'; readonly user: UserRecord; readonly sessionHash: string }
  | { readonly kind: 'token'; readonly user: UserRecord; readonly token: ResolvedToken };

/** The credentials a request or socket came with (headers, or the provider's token on a socket). */
export interface Credentials {
  readonly cookie?: string | null;
  readonly authorization?: string | null;
  /** A Hocuspocus provider's `token` parameter. */
  readonly providerToken?: string | null;
}

/** A principal for one vault, with the vault's private folders and what they hide from it (ACL5). */
export interface VaultAccess {
  readonly principal: Principal;
  readonly restrictions: readonly StoredRestriction[];
  readonly hidden: readonly string[];
}

/** Turns credentials into a caller, and a caller into a principal for a vault. */
export function createCallers(
  prisma: PrismaClient,
  stores: {
    users: UserStore;
    sessions: SessionStore;
    tokens: TokenStore;
    oauthTokens: OAuthTokenStore;
    members: MemberStore;
  },
) {
  const restrictionsOf = createRestrictionReader(prisma);

  /**
   * ACL3: the caller behind the credentials, or null (401). A token wins over a cookie when both come:
   * it is the narrower of the two. Dead tokens (revoked, expired) and dead sessions are null.
   */
  async function resolve(credentials: Credentials, now: Date): Promise<Caller | null> {
    const tokenSecret = bearerTokenOf(credentials.authorization) ?? credentials.providerToken ?? null;
    if (tokenSecret && isAccessTokenShape(tokenSecret)) return byToken(tokenSecret, now);
    if (tokenSecret && credentials.authorization) return null;
    const sessionSecret = sessionSecretFromCookie(credentials.cookie);
    if (!sessionSecret) return null;
    const sessionHash = hashSecret(sessionSecret);
    const user = await stores.sessions.userOf(sessionHash, now);
    return user ? { kind: 'session', user, sessionHash } : null;
  }

  /**
   * MCP2, OAU2: the caller at `/mcp`, the one route an OAuth access token opens (its audience); a
   * personal token works there as everywhere.
   */
  async function resolveAssistant(authorization: string | undefined, now: Date): Promise<Caller | null> {
    const secret = bearerTokenOf(authorization);
    if (secret && isAccessTokenShape(secret)) return byToken(secret, now);
    if (secret && isOAuthAccessTokenShape(secret))
      return callerOf(await stores.oauthTokens.byAccessToken(secret, now), now);
    return null;
  }

  async function byToken(secret: string, now: Date): Promise<Caller | null> {
    return callerOf(await stores.tokens.bySecret(secret, now), now);
  }

  async function callerOf(token: ResolvedToken | null, now: Date): Promise<Caller | null> {
    if (!token || isDead(token, now)) return null;
    const user = await stores.users.activeById(token.userId);
    return user ? { kind: 'token', user, token } : null;
  }

  /** ACL1/ACL3: the caller as a principal of `vaultId` (role null when not a member). */
  async function principalFor(caller: Caller, vaultId: string): Promise<Principal> {
    const role = await stores.members.roleOf(vaultId, caller.user.id);
    return caller.kind === 'token'
      ? { userId: caller.user.id, vaultId, role, token: caller.token }
      : { userId: caller.user.id, vaultId, role };
  }

  /** The principal, the vault's private folders and what they hide from it; null when it may read nothing. */
  async function vaultAccess(caller: Caller, vaultId: string, now: Date): Promise<VaultAccess | null> {
    const principal = await principalFor(caller, vaultId);
    const restrictions = await restrictionsOf(vaultId);
    const hidden = hiddenFolderKeys(principal, restrictions, now.getTime());
    return hidden.all ? null : { principal, restrictions, hidden: hidden.hidden };
  }

  return { resolve, resolveAssistant, principalFor, vaultAccess };
}

export type Callers = ReturnType<typeof createCallers>;

/** ACL3: a revoked or expired token has no access at all, whatever vault it is asked about. */
export function isDead(token: ResolvedToken, now: Date): boolean {
  const refusal = tokenRefusalOf({ userId: token.userId, vaultId: token.vaultId, role: null, token }, now.getTime());
  return refusal === 'TOKEN_REVOKED' || refusal === 'TOKEN_EXPIRED';
}
