import { OAUTH_ACCESS_PREFIX, OAUTH_LIFETIMES, OAUTH_REFRESH_PREFIX } from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import { bumpAccessEpoch } from './accessEpoch';
import { hashSecret, newRowId, newSecret } from './secrets';
import { type ResolvedToken, toResolved } from './tokenStore';

/** A grant: an ordinary access-token row that an assistant app holds through OAuth (OAU5). */
export interface NewGrant {
  readonly userId: string;
  readonly vaultId: string;
  readonly name: string;
  readonly readOnly: boolean;
  readonly clientId: string;
}

/** The pair of secrets a token request answers; the relay keeps their hashes only (ACC7). */
export interface IssuedTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresInSeconds: number;
}

type Transaction = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * OAU2, OAU7: OAuth grants and their tokens. An access token lives an hour and opens `/mcp` only; a
 * refresh token works once (rotation) and, used twice, revokes its grant, as OAuth 2.1 asks of public
 * clients. Revoking the grant in Access tokens kills both at once, because every lookup reads the grant.
 */
export function createOAuthTokenStore(prisma: PrismaClient) {
  async function issue(tx: Transaction, grantId: string, now: Date): Promise<IssuedTokens> {
    const accessToken = `${OAUTH_ACCESS_PREFIX}${newSecret()}`;
    const refreshToken = `${OAUTH_REFRESH_PREFIX}${newSecret()}`;
    await tx.oAuthToken.createMany({
      data: [
        {
          secretHash: hashSecret(accessToken),
          grantId,
          kind: 'access',
          createdAt: now,
          expiresAt: after(now, OAUTH_LIFETIMES.accessMs),
        },
        {
          secretHash: hashSecret(refreshToken),
          grantId,
          kind: 'refresh',
          createdAt: now,
          expiresAt: after(now, OAUTH_LIFETIMES.refreshMs),
        },
      ],
    });
    // A grant's spent and expired tokens are of no use to anyone; they go when the next pair is made.
    await tx.oAuthToken.deleteMany({ where: { grantId, expiresAt: { lt: now } } });
    return { accessToken, refreshToken, expiresInSeconds: OAUTH_LIFETIMES.accessMs / 1000 };
  }

  return {
    /** Makes the grant and its first tokens; `tx` is the code exchange's transaction. */
    async createGrant(tx: Transaction, grant: NewGrant, now: Date): Promise<{ grantId: string; tokens: IssuedTokens }> {
      const grantId = newRowId();
      await tx.accessToken.create({
        data: {
          id: grantId,
          userId: grant.userId,
          vaultId: grant.vaultId,
          name: grant.name,
          readOnly: grant.readOnly,
          // Nobody holds this secret: the grant is reached through its OAuth tokens only.
          secretHash: hashSecret(newSecret()),
          createdAt: now,
          oauthClientId: grant.clientId,
        },
      });
      return { grantId, tokens: await issue(tx, grantId, now) };
    },

    /** The grant behind a live access token, its expiry the nearer of the two; null when dead or unknown. */
    async byAccessToken(secret: string, now: Date): Promise<ResolvedToken | null> {
      const row = await prisma.oAuthToken.findUnique({
        where: { secretHash: hashSecret(secret) },
        include: { grant: true },
      });
      if (row?.kind !== 'access' || row.expiresAt <= now) return null;
      const grant = toResolved(row.grant);
      const expiresAt = Math.min(row.expiresAt.getTime(), grant.expiresAt ?? Number.POSITIVE_INFINITY);
      if (!row.grant.lastUsedAt || now.getTime() - row.grant.lastUsedAt.getTime() > 60_000) {
        await prisma.accessToken.update({ where: { id: row.grantId }, data: { lastUsedAt: now } });
      }
      return { ...grant, expiresAt };
    },

    /**
     * OAU7: spends a refresh token and makes the next pair, or says why not. A token spent before is a
     * stolen copy or a replay: its grant is revoked on the spot.
     */
    async rotate(
      secret: string,
      now: Date,
      belongsTo: (grant: RefreshOutcomeGrant) => boolean,
    ): Promise<
      | { ok: true; grant: RefreshOutcomeGrant; tokens: IssuedTokens }
      | { ok: false; reason: 'unknown' | 'reused' | 'expired' | 'dead' }
    > {
      return prisma.$transaction(async (tx) => {
        const row = await tx.oAuthToken.findUnique({
          where: { secretHash: hashSecret(secret) },
          include: { grant: true },
        });
        if (row?.kind !== 'refresh') return { ok: false, reason: 'unknown' } as const;
        const grant = { ...toResolved(row.grant), clientId: row.grant.oauthClientId };
        if (!belongsTo(grant)) return { ok: false, reason: 'unknown' } as const;
        const spent = await tx.oAuthToken.updateMany({
          where: { secretHash: row.secretHash, usedAt: null },
          data: { usedAt: now },
        });
        if (spent.count === 0) {
          await revokeGrant(tx, row.grantId, now);
          return { ok: false, reason: 'reused' } as const;
        }
        if (row.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
        if (grant.revoked || (grant.expiresAt !== null && grant.expiresAt <= now.getTime())) {
          return { ok: false, reason: 'dead' } as const;
        }
        return { ok: true, grant, tokens: await issue(tx, row.grantId, now) } as const;
      });
    },

    /** The grant of a refresh or access token (for revocation by the client); null when unknown. */
    async grantOf(secret: string): Promise<{ grantId: string; clientId: string | null; kind: string } | null> {
      const row = await prisma.oAuthToken.findUnique({
        where: { secretHash: hashSecret(secret) },
        include: { grant: true },
      });
      return row ? { grantId: row.grantId, clientId: row.grant.oauthClientId, kind: row.kind } : null;
    },

    /** Forgets one access token (a client signing out); its grant stays. */
    async dropAccessToken(secret: string): Promise<void> {
      await prisma.oAuthToken.deleteMany({ where: { secretHash: hashSecret(secret), kind: 'access' } });
    },

    /** Revokes a whole grant (a reused code or refresh token, or the client asking). */
    async revokeGrant(grantId: string, now: Date): Promise<void> {
      await prisma.$transaction((tx) => revokeGrant(tx, grantId, now));
    },
  };
}

export type OAuthTokenStore = ReturnType<typeof createOAuthTokenStore>;

/** A grant as a refresh token sees it: the token's limits and the app it was given to. */
export type RefreshOutcomeGrant = ResolvedToken & { readonly clientId: string | null };

async function revokeGrant(tx: Transaction, grantId: string, now: Date): Promise<void> {
  const { count } = await tx.accessToken.updateMany({
    where: { id: grantId, revokedAt: null },
    data: { revokedAt: now },
  });
  await tx.oAuthToken.deleteMany({ where: { grantId } });
  if (count > 0) await bumpAccessEpoch(tx);
}

function after(now: Date, ms: number): Date {
  return new Date(now.getTime() + ms);
}
