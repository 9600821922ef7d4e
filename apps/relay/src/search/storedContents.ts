import { indexedTextOf, sourceVersionOf } from '@baalda/core';
import { extractPlainText } from '@baalda/markdown';
import * as Y from 'yjs';
import type { PrismaClient } from '../generated/prisma/client';
import type { PlacedContent } from './indexStore';

/**
 * ATT7: an attachment's bytes never change, so its text has one version; 1 is above the 0 a row gets when
 * the tree places it, and a reindex rewrites it at the same version with its own embedder (IDX5).
 */
export const ATTACHMENT_TEXT_VERSION = 1;

/** A stored document and its note's place (none when the document arrived before its create op). */
interface StoredRow {
  readonly doc_id: string;
  /** base64: PGlite's driver turns bytea into bytes one parseInt at a time, which dominated a reindex. */
  readonly state: string;
  readonly vault_id: string | null;
  readonly path: string | null;
  readonly live: boolean;
}

/** How many documents and attachment texts are stored: a reindex's total (IDX5). */
export async function countStoredDocuments(prisma: PrismaClient): Promise<number> {
  const texts = await prisma.attachment.count({ where: { extractionStatus: 'done' } });
  return (await prisma.noteDocument.count()) + texts;
}

/**
 * IDX5: every stored document as index content, `size` at a time in doc id order, each with the place
 * its row gets if it has none yet (IDX3). Pages are keyset ranges (`doc_id > last`), so each one is a
 * single index range scan however large the table; the next page is asked for before this one is
 * decoded, so PostgreSQL reads it while this process decodes, embeds and writes.
 */
export async function* readStoredContents(prisma: PrismaClient, size: number): AsyncGenerator<PlacedContent[]> {
  yield* readStoredDocuments(prisma, size);
  yield* readAttachmentTexts(prisma, size);
}

/** ATT7: attachments' extracted texts, the same way: one keyset page at a time. */
async function* readAttachmentTexts(prisma: PrismaClient, size: number): AsyncGenerator<PlacedContent[]> {
  let after = '';
  for (;;) {
    const rows = await prisma.$queryRaw<
      Array<{ doc_id: string; text: string; vault_id: string; path: string | null; live: boolean }>
    >`
      SELECT a.doc_id, a.text, a.vault_id, n.path, (n.doc_id IS NOT NULL AND n.deleted_at IS NULL) AS live
      FROM attachment a LEFT JOIN note n ON n.doc_id = a.doc_id
      WHERE a.extraction_status = 'done' AND a.doc_id > ${after}
      ORDER BY a.doc_id
      LIMIT ${size}`;
    const last = rows.at(-1);
    if (!last) return;
    after = last.doc_id;
    yield rows.map((row) => ({
      docId: row.doc_id,
      content: row.text,
      version: ATTACHMENT_TEXT_VERSION,
      placeIfNew: { vaultId: row.vault_id, path: row.path ?? '', live: row.live },
    }));
    if (rows.length < size) return;
  }
}

async function* readStoredDocuments(prisma: PrismaClient, size: number): AsyncGenerator<PlacedContent[]> {
  // Doc ids are never empty, so '' sorts before every one of them.
  let page = readPage(prisma, '', size);
  for (;;) {
    const rows = await page;
    const last = rows.at(-1);
    if (!last) return;
    page = rows.length < size ? Promise.resolve([]) : readPage(prisma, last.doc_id, size);
    yield rows.map(decodeStored);
  }
}

function readPage(prisma: PrismaClient, after: string, size: number): Promise<StoredRow[]> {
  const page = prisma.$queryRaw<StoredRow[]>`
    SELECT d.doc_id, encode(d.state, 'base64') AS state, n.vault_id, n.path,
           (n.doc_id IS NOT NULL AND n.deleted_at IS NULL) AS live
    FROM note_document d LEFT JOIN note n ON n.doc_id = d.doc_id
    WHERE d.doc_id > ${after}
    ORDER BY d.doc_id
    LIMIT ${size}`;
  // A page asked for ahead may fail after its reader was abandoned (a write failed first); marking it
  // handled keeps that from crashing the relay, and whoever awaits it still gets the error.
  page.catch(() => {});
  return page;
}

function decodeStored(row: StoredRow): PlacedContent {
  // The guid is never used here; passing one spares Yjs a random UUID per document (31 calls to the
  // system's random source), which cost more than decoding the document.
  const doc = new Y.Doc({ guid: row.doc_id });
  try {
    Y.applyUpdate(doc, Buffer.from(row.state, 'base64'));
    return {
      docId: row.doc_id,
      content: indexedTextOf(extractPlainText(doc)),
      version: sourceVersionOf(doc),
      placeIfNew: { vaultId: row.vault_id ?? 'default', path: row.path ?? '', live: row.live },
    };
  } finally {
    doc.destroy();
  }
}
