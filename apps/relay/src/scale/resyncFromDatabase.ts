import type { Hocuspocus } from '@hocuspocus/server';
import type { PrismaClient } from '../generated/prisma/client';
import type { SearchIndexes } from '../search/searchIndexes';
import { openNoteIds } from '../support/openNotes';
import type { DatabaseCatchUp } from './catchUpFromDatabase';

/**
 * SCALE7: what a relay does when it may have missed other relays' events — everything an event would have
 * told it is re-read from the database, the one truth: the whole search copy (SCALE3), every vault's tree
 * version for its channel clients (SCALE5, which also re-decides access, ACL6), and which of its open notes
 * were purged meanwhile (SCALE4); and every loaded note's stored state, folded in again (SCALE9).
 */
export function resyncFromDatabase(deps: {
  readonly prisma: PrismaClient;
  readonly indexes: SearchIndexes;
  readonly hocuspocus: Hocuspocus;
  readonly treeChanged: (vaultId: string, version: number) => void;
  readonly closeNotes: (docIds: readonly string[]) => void;
  readonly catchUp: DatabaseCatchUp | null;
}): () => Promise<void> {
  return async () => {
    await deps.indexes.reloadAll();
    const vaults = await deps.prisma.vault.findMany({ select: { id: true, treeVersion: true } });
    for (const vault of vaults) deps.treeChanged(vault.id, Number(vault.treeVersion));
    await deps.catchUp?.checkNow({ everything: true });
    const openNotes = openNoteIds(deps.hocuspocus);
    if (openNotes.length === 0) return;
    const purged = await deps.prisma.retiredDoc.findMany({
      where: { docId: { in: openNotes } },
      select: { docId: true },
    });
    deps.closeNotes(purged.map((row) => row.docId));
  };
}
