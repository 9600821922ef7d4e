import type { PrincipalToken } from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import { bumpAccessEpoch } from './accessEpoch';
import { hashSecret, newAccessTokenSecret, newRowId } from './secrets';

/** A token as listed (never its secret or hash). */
export interface TokenEntry {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly vaultId: string;
  readonly readOnly: boolean;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
  /** The assistant app of an OAuth grant (OAU5); null for a personal token. */
  readonly oauthClient: string | null;
}

/** What a request's token resolves to: whose it is and its limits (ACL3). */
export interface ResolvedToken extends PrincipalToken {
  readonly id: string;
  readonly userId: string;
}

/** What a new token is. */
export interface NewToken {
  readonly userId: string;
  readonly vaultId: string;
  readonly name: string;
  readonly readOnly: boolean;
  readonly expiresAt: Date | null;
}

// `last_used_at` is for people ("is this token still used?"); a write per minute per token is enough.
const TOUCH_EVERY_MS = 60_000;

/** Personal access tokens in `access_token`; only SHA-256 hashes of secrets are stored (ACC7). */
export function createTokenStore(prisma: PrismaClient) {
  return {
    /** Creates a token; the secret is returned here once and never stored. */
    async create(token: NewToken, now: Date): Promise<{ entry: TokenEntry; secret: string }> {
      const secret = newAccessTokenSecret();
      const row = await prisma.accessToken.create({
        data: { id: newRowId(), ...token, secretHash: hashSecret(secret), createdAt: now },
      });
      return { entry: toEntry(row), secret };
    },

    /** The token with this secret (revoked and expired ones too: the caller decides, ACL3). */
    async bySecret(secret: string, now: Date): Promise<ResolvedToken | null> {
      const row = await prisma.accessToken.findUnique({ where: { secretHash: hashSecret(secret) } });
      if (!row) return null;
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await prisma.accessToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
      }
      return toResolved(row);
    },

    async byId(id: string): Promise<ResolvedToken | null> {
      const row = await prisma.accessToken.findUnique({ where: { id } });
      return row ? toResolved(row) : null;
    },

    /** A user's tokens, newest first; all tokens when `userId` is undefined (admin CLI). */
    async list(userId?: string): Promise<TokenEntry[]> {
      const rows = await prisma.accessToken.findMany({
        where: userId ? { userId } : {},
        orderBy: { createdAt: 'desc' },
        include: { oauthClient: { select: { name: true } } },
      });
      return rows.map(toEntry);
    },

    /** Revokes a token (of `userId`, when given); false when there is no such token. Revoking twice is fine. */
    async revoke(id: string, now: Date, userId?: string): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.accessToken.updateMany({
          where: { id, ...(userId ? { userId } : {}) },
          data: { revokedAt: now },
        });
        if (count > 0) await bumpAccessEpoch(tx);
        return count > 0;
      });
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

interface TokenRow {
  id: string;
  userId: string;
  vaultId: string;
  name: string;
  readOnly: boolean;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export function toResolved(row: TokenRow): ResolvedToken {
  return {
    id: row.id,
    userId: row.userId,
    vaultId: row.vaultId,
    readOnly: row.readOnly,
    expiresAt: row.expiresAt?.getTime() ?? null,
    revoked: row.revokedAt !== null,
  };
}

function toEntry(
  row: TokenRow & { oauthClientId?: string | null; oauthClient?: { name: string | null } | null },
): TokenEntry {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    vaultId: row.vaultId,
    readOnly: row.readOnly,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    oauthClient: row.oauthClientId ? (row.oauthClient?.name ?? 'An assistant') : null,
  };
}
