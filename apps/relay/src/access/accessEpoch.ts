import type { Prisma, PrismaClient } from '../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * ACL6: every change of who may see what (roles, members, restrictions, tokens, sessions) bumps one
 * counter in the same transaction, so each relay — this one or another sharing the database — notices
 * with one cheap read and re-decides its open connections.
 */
export async function bumpAccessEpoch(db: Db): Promise<void> {
  await db.accessEpoch.update({ where: { id: 1 }, data: { epoch: { increment: 1 } } });
}

/** The current access epoch. */
export async function readAccessEpoch(db: Db): Promise<bigint> {
  const row = await db.accessEpoch.findUnique({ where: { id: 1 } });
  return row?.epoch ?? 0n;
}
