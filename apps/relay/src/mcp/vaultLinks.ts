import { createNoteLinkResolver, type NoteLinkResolver } from '@baalda/core';
import type { VaultGuard } from '../access/vaultGuard';
import type { PrismaClient } from '../generated/prisma/client';

/**
 * LNK3 for one MCP call: links resolved against the vault's live notes as they are now. Notes the caller
 * may not read are never named (ACL5), yet still resolve, so an assistant's edit keeps a link it can't see.
 */
export async function vaultLinkResolver(
  prisma: PrismaClient,
  vaultId: string,
  guard: VaultGuard,
): Promise<NoteLinkResolver> {
  const entries = await prisma.note.findMany({
    where: { vaultId, deletedAt: null },
    select: { docId: true, path: true },
  });
  return createNoteLinkResolver(entries, (entry) => guard.canRead(entry.path));
}
