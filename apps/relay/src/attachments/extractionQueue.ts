import { attachmentTypeOf } from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import { ATTACHMENT_TEXT_VERSION } from '../search/storedContents';
import type { AttachmentRecords } from './attachmentRecords';
import type { BlobStore } from './blobStore';
import type { TextExtractor } from './extraction';

/** Where extracted text goes: the attachment's one search row (IDX1, ATT7). */
export interface IndexTextWriter {
  writeContent(docId: string, content: string, version: number, now: Date): Promise<void>;
}

interface ExtractionQueueOptions {
  readonly prisma: PrismaClient;
  readonly records: AttachmentRecords;
  readonly blobs: BlobStore;
  readonly extractor: TextExtractor;
  readonly index: IndexTextWriter;
  readonly clock: () => Date;
  readonly onExtractionFailed?: (docId: string, reason: string) => void;
}

/**
 * ATT5: reads attachments' text one job per attachment. The extractor bounds each read (own process, time,
 * memory); this queue only makes sure each pending attachment is read once and its outcome recorded, also
 * when the read itself went wrong.
 */
export class ExtractionQueue {
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly options: ExtractionQueueOptions) {}

  enqueue(docId: string): void {
    if (this.stopped || this.running.has(docId)) return;
    const job = this.extract(docId)
      .catch((error: unknown) => this.options.onExtractionFailed?.(docId, String(error)))
      .finally(() => this.running.delete(docId));
    this.running.set(docId, job);
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  stop(): void {
    this.stopped = true;
  }

  private async extract(docId: string): Promise<void> {
    const { records, blobs, extractor } = this.options;
    const record = await records.find(docId);
    if (record?.extractionStatus !== 'pending') return;
    const note = await this.options.prisma.note.findUnique({ where: { docId }, select: { path: true } });
    const format = note ? attachmentTypeOf(note.path).format : null;
    if (!note || format === null) return;
    const result = await extractor.extract(blobs.pathOf(record.sha256), format);
    if (this.stopped) return;
    const now = this.options.clock();
    if (!result.ok) {
      await records.finishExtraction(docId, { reason: result.reason }, now);
      this.options.onExtractionFailed?.(docId, `${result.code}: ${result.reason}`);
      return;
    }
    if (await records.finishExtraction(docId, result, now)) {
      await this.options.index.writeContent(docId, result.text, ATTACHMENT_TEXT_VERSION, now);
    }
  }
}
