import type { ExtractionFormat } from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';

/** ATT5: where reading an attachment's text stands. */
export type ExtractionStatus = 'pending' | 'done' | 'failed' | 'none';

/** An attachment's row (ATT2), without its text. */
export interface AttachmentRecord {
  readonly docId: string;
  readonly vaultId: string;
  readonly sha256: string;
  readonly size: number;
  readonly mimeType: string;
  readonly extractionStatus: ExtractionStatus;
  readonly extractionReason: string | null;
  readonly textChars: number;
  readonly textTruncated: boolean;
}

const WITHOUT_TEXT = {
  docId: true,
  vaultId: true,
  sha256: true,
  size: true,
  mimeType: true,
  extractionStatus: true,
  extractionReason: true,
  textTruncated: true,
} as const;

/** The attachment table's reads and writes (ATT2, ATT5). */
export class AttachmentRecords {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Records stored bytes for `docId`; false when the id already has a row (a repeated upload), which is
   * left as it was.
   */
  async create(
    row: {
      docId: string;
      vaultId: string;
      sha256: string;
      size: number;
      mimeType: string;
      format: ExtractionFormat | null;
    },
    now: Date,
  ): Promise<boolean> {
    const inserted = await this.prisma.$executeRaw`
      INSERT INTO attachment (doc_id, vault_id, sha256, size, mime_type, created_at, extraction_status)
      VALUES (${row.docId}, ${row.vaultId}, ${row.sha256}, ${row.size}, ${row.mimeType}, ${now},
              ${row.format === null ? 'none' : 'pending'})
      ON CONFLICT (doc_id) DO NOTHING`;
    return inserted > 0;
  }

  async remove(docId: string): Promise<void> {
    await this.prisma.attachment.deleteMany({ where: { docId } });
  }

  async find(docId: string): Promise<AttachmentRecord | null> {
    const row = await this.prisma.attachment.findUnique({ where: { docId }, select: WITHOUT_TEXT });
    if (!row) return null;
    const [counted] = await this.prisma.$queryRaw<Array<{ chars: number | null }>>`
      SELECT char_length(text) AS chars FROM attachment WHERE doc_id = ${docId}`;
    return {
      ...row,
      size: Number(row.size),
      extractionStatus: row.extractionStatus as ExtractionStatus,
      textChars: Number(counted?.chars ?? 0),
    };
  }

  /** The whole extracted text ('' when none). Paging is the caller's: core's pageText never splits a character. */
  async text(docId: string): Promise<string> {
    const row = await this.prisma.attachment.findUnique({ where: { docId }, select: { text: true } });
    return row?.text ?? '';
  }

  /** ATT5: the outcome of reading the text; only a pending row takes it (a replay changes nothing). */
  async finishExtraction(
    docId: string,
    outcome: { text: string; truncated: boolean } | { reason: string },
    now: Date,
  ): Promise<boolean> {
    const fields =
      'text' in outcome
        ? { extractionStatus: 'done', text: outcome.text, textTruncated: outcome.truncated }
        : { extractionStatus: 'failed', extractionReason: outcome.reason };
    const updated = await this.prisma.attachment.updateMany({
      where: { docId, extractionStatus: 'pending' },
      data: { ...fields, extractedAt: now },
    });
    return updated.count > 0;
  }

  /** Attachments whose text is still to be read (after a restart, ATT5). */
  async pendingIds(): Promise<string[]> {
    const rows = await this.prisma.attachment.findMany({
      where: { extractionStatus: 'pending' },
      select: { docId: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((row) => row.docId);
  }

  /** ATT9: whether any attachment, live or trashed, still has these bytes. */
  async isReferenced(sha256: string): Promise<boolean> {
    return (await this.prisma.attachment.count({ where: { sha256 } })) > 0;
  }

  /**
   * Rows an upload wrote before it crashed between storing and creating the tree entry: no note row, and
   * older than `before`.
   */
  async removeOrphans(before: Date): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM attachment a
      WHERE a.created_at < ${before} AND NOT EXISTS (SELECT 1 FROM note n WHERE n.doc_id = a.doc_id)`;
  }
}
