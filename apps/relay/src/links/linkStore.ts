import { LIMITS } from '@baalda/core';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/** A note that links to another, as a backlinks answer lists it. */
export interface LinkingNote {
  readonly docId: string;
  readonly path: string;
}

/**
 * BL1: makes `sourceDocId`'s link rows the links of its document at `version` (LIM20 keeps the first
 * 1,000). Only a later version replaces them: the index row's `links_version` is claimed first, so two
 * relays storing the same note one after the other can't leave the older links behind. A note with no
 * index row yet (it was purged) gets no rows.
 */
export async function replaceNoteLinks(
  prisma: PrismaClient,
  sourceDocId: string,
  version: number,
  targets: readonly string[],
): Promise<boolean> {
  const kept = [...new Set(targets)].filter((target) => target !== sourceDocId).slice(0, LIMITS.maxLinksPerNote);
  return prisma.$transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      UPDATE note_index SET links_version = ${version}
      WHERE doc_id = ${sourceDocId} AND links_version < ${version}`;
    if (claimed === 0) return false;
    await tx.noteLink.deleteMany({ where: { sourceDocId } });
    if (kept.length > 0) {
      await tx.noteLink.createMany({ data: kept.map((targetDocId) => ({ sourceDocId, targetDocId })) });
    }
    return true;
  });
}

/**
 * BL2: the live notes of `vaultId` that link to `targetDocId`, by path. Callers keep only the ones the
 * reader may see, then cut to LIM20's 500: cutting here could let notes the reader can't see take the
 * places of ones they can.
 */
export async function notesLinkingTo(db: Db, vaultId: string, targetDocId: string): Promise<LinkingNote[]> {
  const rows = await db.$queryRaw<Array<{ doc_id: string; path: string }>>`
    SELECT n.doc_id, n.path FROM note_link l JOIN note n ON n.doc_id = l.source_doc_id
    WHERE l.target_doc_id = ${targetDocId} AND n.vault_id = ${vaultId} AND n.deleted_at IS NULL
    ORDER BY n.path`;
  return rows.map((row) => ({ docId: row.doc_id, path: row.path }));
}

/** BL1: a purged note's links go with it. */
export async function removeLinkRows(db: Db, docIds: readonly string[]): Promise<void> {
  await db.noteLink.deleteMany({ where: { sourceDocId: { in: [...docIds] } } });
}
