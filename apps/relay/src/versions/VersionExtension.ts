import { extractPlainText, isDestructiveEdit, parseDocumentName, type VersionSettings } from '@baalda/core';
import type {
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  Extension,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import type { StoreCycleReadings } from '../extensions/storeCycleReadings';
import type { PrismaClient } from '../generated/prisma/client';
import type { Logger } from '../server/logger';
import { keepVersion } from './versionStore';

/**
 * VC2: before a store that removes most of a note, keeps the text from just before it. Must run
 * before the PersistenceExtension: at that moment the database still holds the pre-edit state, which
 * is what the version keeps (so a restore brings back structure, not only text). Remembers each open
 * note's last stored text, so the common case (not destructive) costs no database read.
 */
export class VersionExtension implements Extension {
  extensionName = 'VersionExtension';
  private readonly storedText = new Map<string, string>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly settings: VersionSettings,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly readings: StoreCycleReadings,
  ) {}

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (docId) this.storedText.set(docId, extractPlainText(document));
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (docId) this.storedText.delete(docId);
  }

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (!docId) return;
    const before = this.storedText.get(docId) ?? '';
    const after = this.readings.read(document).text;
    if (isDestructiveEdit(before, after)) await this.keepPreEditText(docId, before);
    this.storedText.set(docId, after);
  }

  // A failure here must not stop the edit from being stored: the person keeps typing either way.
  private async keepPreEditText(docId: string, text: string): Promise<void> {
    try {
      const stored = await this.prisma.noteDocument.findUnique({ where: { docId }, select: { state: true } });
      if (!stored) return;
      const capture = { docId, reason: 'before-destructive-edit' as const, text, state: stored.state };
      await this.prisma.$transaction((tx) => keepVersion(tx, capture, this.clock(), this.settings.maxVersions));
    } catch (error) {
      this.logger.error('could not keep the text from before a large deletion', { docId, error: String(error) });
    }
  }
}

function noteDocId(documentName: string): string | null {
  const parsed = parseDocumentName(documentName);
  return parsed.ok && parsed.kind === 'note' ? parsed.docId : null;
}
