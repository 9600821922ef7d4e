import type { VaultRole } from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import { bumpAccessEpoch } from './accessEpoch';
import { hashSecret, newSecret } from './secrets';

/** What an invite offers. */
export interface InviteOffer {
  readonly vaultId: string;
  readonly vaultName: string;
  readonly role: VaultRole;
  readonly expiresAt: string;
}

/** Single-use invite links into a vault (`vault_invite`; only hashes of their secrets are kept). */
export function createInviteStore(prisma: PrismaClient) {
  async function offerOf(secret: string, now: Date): Promise<InviteOffer | null> {
    const row = await prisma.vaultInvite.findUnique({
      where: { secretHash: hashSecret(secret) },
      include: { vault: true },
    });
    if (!row || row.usedAt !== null || row.expiresAt <= now) return null;
    return {
      vaultId: row.vaultId,
      vaultName: row.vault.name,
      role: row.role as VaultRole,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  return {
    async create(vaultId: string, role: VaultRole, createdBy: string, expiresAt: Date, now: Date): Promise<string> {
      const secret = newSecret();
      await prisma.vaultInvite.create({
        data: { secretHash: hashSecret(secret), vaultId, role, createdBy, createdAt: now, expiresAt },
      });
      return secret;
    },

    offerOf,

    /**
     * Uses the invite for `userId`: they join (or keep a higher role) in one transaction, and the invite is
     * marked used only if no one else used it first. Null when the invite is not valid any more.
     */
    async accept(secret: string, userId: string, now: Date): Promise<InviteOffer | null> {
      const offer = await offerOf(secret, now);
      if (!offer) return null;
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.vaultInvite.updateMany({
          where: { secretHash: hashSecret(secret), usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (count === 0) return null;
        const existing = await tx.vaultMember.findUnique({
          where: { vaultId_userId: { vaultId: offer.vaultId, userId } },
        });
        // An invite never lowers a role someone already has.
        if (!existing) {
          await tx.vaultMember.create({ data: { vaultId: offer.vaultId, userId, role: offer.role, createdAt: now } });
          await bumpAccessEpoch(tx);
        }
        return offer;
      });
    },
  };
}

export type InviteStore = ReturnType<typeof createInviteStore>;
