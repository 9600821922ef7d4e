import { type FolderRestriction, pathKey } from '@baalda/core';
import { batchedRead } from '../db/batchedRead';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { bumpAccessEpoch } from './accessEpoch';

/** A private folder as stored: its key, its spelling, its members' user ids. */
export interface StoredRestriction extends FolderRestriction {
  readonly folderPath: string;
}

/**
 * Reads a vault's private folders (ACL2), done per request and per opened document; the reads of one
 * moment share a statement.
 */
export function createRestrictionReader(prisma: PrismaClient): (vaultId: string) => Promise<StoredRestriction[]> {
  const rowsOf = batchedRead(async (vaultIds) => {
    const rows = await prisma.folderRestriction.findMany({ where: { vaultId: { in: [...vaultIds] } } });
    const byVault = new Map<string, StoredRestriction[]>();
    for (const row of rows) byVault.set(row.vaultId, [...(byVault.get(row.vaultId) ?? []), storedRestriction(row)]);
    return byVault;
  });
  return async (vaultId) => (await rowsOf(vaultId)) ?? [];
}

function storedRestriction(row: { folderKey: string; folderPath: string; members: string[] }): StoredRestriction {
  return { folderKey: row.folderKey, folderPath: row.folderPath, members: new Set(row.members) };
}

/** Makes a folder private to `members`, or changes who they are. */
export async function putRestriction(
  prisma: PrismaClient,
  vaultId: string,
  folder: { path: string; key: string },
  members: readonly string[],
  now: Date,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const data = { folderPath: folder.path, members: [...new Set(members)].sort(), updatedAt: now };
    await tx.folderRestriction.upsert({
      where: { vaultId_folderKey: { vaultId, folderKey: folder.key } },
      create: { vaultId, folderKey: folder.key, ...data },
      update: data,
    });
    await bumpAccessEpoch(tx);
  });
}

/** Makes a folder public again; false when it was not private. */
export async function clearRestriction(prisma: PrismaClient, vaultId: string, folderKey: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.folderRestriction.deleteMany({ where: { vaultId, folderKey } });
    if (count > 0) await bumpAccessEpoch(tx);
    return count > 0;
  });
}

/**
 * ACL2: a restriction follows its folder. Inside the move's transaction, every restriction at or under
 * `fromKey` is re-keyed under `toPath` (same segments below the moved folder). Without this, moving a
 * private folder would make it public and leave its old path private. A restriction already sitting at
 * a target key (left from a trashed folder) is replaced by the moved one; where none moves, it stays:
 * failing closed keeps a folder private rather than opening it by surprise.
 */
export async function moveRestrictions(
  tx: Prisma.TransactionClient,
  vaultId: string,
  fromKey: string,
  toPath: string,
): Promise<void> {
  const moving = await tx.folderRestriction.findMany({
    where: { vaultId, OR: [{ folderKey: fromKey }, { folderKey: { startsWith: `${fromKey}/` } }] },
  });
  if (moving.length === 0) return;
  const depth = fromKey.split('/').length;
  await tx.folderRestriction.deleteMany({ where: { vaultId, folderKey: { in: moving.map((row) => row.folderKey) } } });
  for (const row of moving) {
    const folderPath = [toPath, ...row.folderPath.split('/').slice(depth)].join('/');
    const folderKey = pathKey(folderPath);
    const data = { folderPath, members: row.members, updatedAt: row.updatedAt };
    await tx.folderRestriction.upsert({
      where: { vaultId_folderKey: { vaultId, folderKey } },
      create: { vaultId, folderKey, ...data },
      update: data,
    });
  }
  await bumpAccessEpoch(tx);
}
