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
 * 1,000). Only a later version replaces them: the index row's `links_version` is claimed in the same
 * statement, so two relays storing the same note one after the other can't leave the older links. A note
 * with no index row yet (it was purged) gets no rows. One statement, not a transaction of four: it runs
 * after every store of every note.
 * @returns whether this version's links were written.
 */
export async function replaceNoteLinks(
  prisma: PrismaClient,
  sourceDocId: string,
  version: number,
  targets: readonly string[],
): Promise<boolean> {
  const kept = [...new Set(targets)].filter((target) => target !== sourceDocId).slice(0, LIMITS.maxLinksPerNote);
  const [claimed] = await prisma.$queryRaw<Array<{ claimed: bigint | number }>>`
    WITH claimed AS (
      UPDATE note_index SET links_version = ${version}
      WHERE doc_id = ${sourceDocId} AND links_version < ${version}
      RETURNING doc_id
    ), removed AS (
      DELETE FROM note_link
      WHERE source_doc_id IN (SELECT doc_id FROM claimed) AND NOT (target_doc_id = ANY(${kept}::text[]))
    ), added AS (
      INSERT INTO note_link (source_doc_id, target_doc_id)
      SELECT claimed.doc_id, target FROM claimed, unnest(${kept}::text[]) AS target
      ON CONFLICT DO NOTHING
    )
    SELECT count(*) AS claimed FROM claimed`;
  return Number(claimed?.claimed ?? 0) > 0;
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
