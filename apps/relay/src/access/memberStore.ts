import { isVaultRole, type VaultRole } from '@baalda/core';
import { batchedRead } from '../db/batchedRead';
import type { PrismaClient } from '../generated/prisma/client';
import { bumpAccessEpoch } from './accessEpoch';
import { forgetMembership } from './accountControls';

/** A vault as a member sees it in their list. */
export interface VaultEntry {
  readonly id: string;
  readonly name: string;
  readonly role: VaultRole;
}

/** A member as the members list shows them. */
export interface MemberEntry {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly role: VaultRole;
}

/** Why a role change or removal was refused. */
export type MemberChangeRefusal = 'LAST_OWNER' | 'USER_NOT_FOUND';

/** Vaults and who holds which role in them (ACL1). */
export function createMemberStore(prisma: PrismaClient) {
  // Every document a socket opens asks for its caller's role: the asks of one moment share a statement.
  const roleRow = batchedRead(async (keys) => {
    const pairs = keys.map(splitMemberKey);
    const rows = await prisma.vaultMember.findMany({
      where: { OR: pairs },
      select: { vaultId: true, userId: true, role: true },
    });
    return new Map(rows.map((row) => [memberKey(row.vaultId, row.userId), row.role]));
  });
  return {
    async vaultsOf(userId: string): Promise<VaultEntry[]> {
      const rows = await prisma.vaultMember.findMany({ where: { userId }, include: { vault: true } });
      return rows
        .map((row) => ({ id: row.vaultId, name: row.vault.name, role: asRole(row.role) }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },

    async roleOf(vaultId: string, userId: string): Promise<VaultRole | null> {
      const role = await roleRow(memberKey(vaultId, userId));
      return role === null ? null : asRole(role);
    },

    async vaultExists(vaultId: string): Promise<boolean> {
      return (await prisma.vault.count({ where: { id: vaultId } })) > 0;
    },

    async members(vaultId: string): Promise<MemberEntry[]> {
      const rows = await prisma.vaultMember.findMany({ where: { vaultId }, include: { user: true } });
      return rows
        .map((row) => ({ userId: row.userId, email: row.user.email, name: row.user.name, role: asRole(row.role) }))
        .sort((a, b) => a.email.localeCompare(b.email));
    },

    /** Creates a vault owned by `ownerId`; false when the id is taken. */
    async createVault(vaultId: string, name: string, ownerId: string, now: Date): Promise<boolean> {
      try {
        await prisma.$transaction([
          prisma.vault.create({ data: { id: vaultId, name, createdAt: now } }),
          prisma.vaultMember.create({ data: { vaultId, userId: ownerId, role: 'owner', createdAt: now } }),
        ]);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === 'P2002') return false;
        throw error;
      }
    },

    /** Gives `userId` `role` (adding them when new). Refuses to demote the last owner. */
    setRole(vaultId: string, userId: string, role: VaultRole, now: Date): Promise<MemberChangeRefusal | null> {
      return prisma.$transaction(async (tx) => {
        await lockVault(tx, vaultId);
        const current = await tx.vaultMember.findUnique({ where: { vaultId_userId: { vaultId, userId } } });
        if (current?.role === 'owner' && role !== 'owner' && (await ownerCount(tx, vaultId)) <= 1) return 'LAST_OWNER';
        await tx.vaultMember.upsert({
          where: { vaultId_userId: { vaultId, userId } },
          create: { vaultId, userId, role, createdAt: now },
          update: { role },
        });
        await bumpAccessEpoch(tx);
        return null;
      });
    },

    /**
     * Removes a member, and with them their tokens, grants and private folders in the vault (ACC15): added
     * again, they start from nothing.
     */
    remove(vaultId: string, userId: string): Promise<MemberChangeRefusal | null> {
      return prisma.$transaction(async (tx) => {
        await lockVault(tx, vaultId);
        const current = await tx.vaultMember.findUnique({ where: { vaultId_userId: { vaultId, userId } } });
        if (!current) return 'USER_NOT_FOUND';
        if (current.role === 'owner' && (await ownerCount(tx, vaultId)) <= 1) return 'LAST_OWNER';
        await tx.vaultMember.delete({ where: { vaultId_userId: { vaultId, userId } } });
        await forgetMembership(tx, vaultId, userId);
        await bumpAccessEpoch(tx);
        return null;
      });
    },
  };
}

export type MemberStore = ReturnType<typeof createMemberStore>;

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

// Two owners demoting each other at once must not both succeed: the vault row serializes them.
async function lockVault(tx: Tx, vaultId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM vault WHERE id = ${vaultId} FOR UPDATE`;
}

function ownerCount(tx: Tx, vaultId: string): Promise<number> {
  return tx.vaultMember.count({ where: { vaultId, role: 'owner' } });
}

function asRole(value: string): VaultRole {
  if (!isVaultRole(value)) throw new Error(`vault_member holds an unknown role "${value}"`);
  return value;
}

// JSON keeps the pair apart whatever characters an id holds.
function memberKey(vaultId: string, userId: string): string {
  return JSON.stringify([vaultId, userId]);
}

function splitMemberKey(key: string): { vaultId: string; userId: string } {
  const [vaultId, userId] = JSON.parse(key) as [string, string];
  return { vaultId, userId };
}
