import { isDestructiveEdit, parseDocumentName, type VersionSettings } from '@baalda/core';
import type { afterUnloadDocumentPayload, Extension, onStoreDocumentPayload } from '@hocuspocus/server';
import type { PrismaClient } from '../generated/prisma/client';
import type { StoreCycleReadings } from '../store/storeCycleReadings';
import { EXTENSION_PRIORITY } from '../support/extensionOrder';
import type { Logger } from '../support/logger';
import { textOf } from './quietCaptures';
import { keepVersion } from './versionStore';

/**
 * VC2: before a store that removes most of a note, keeps the text from just before it. Must run
 * before the PersistenceExtension: at that moment the database still holds the pre-edit state, which
 * is what the version keeps (so a restore brings back structure, not only text). Remembers each open
 * note's last stored text from its first store on, so the common case (not destructive) costs no database read.
 */
export class VersionExtension implements Extension {
  extensionName = 'VersionExtension';
  priority = EXTENSION_PRIORITY.versions;
  private readonly storedText = new Map<string, string>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly settings: VersionSettings,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly readings: StoreCycleReadings,
  ) {}

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (docId) this.storedText.delete(docId);
  }

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (!docId) return;
    const before = this.storedText.get(docId) ?? (await this.readStoredText(docId));
    const after = this.readings.read(document).text;
    if (isDestructiveEdit(before, after)) await this.keepPreEditText(docId, before);
    this.storedText.set(docId, after);
  }

  // Read at a note's first store rather than kept from its load: most loaded notes are only read, and a
  // copy of each one's text held from load doubled what an idle open note costs (measured by the load bench).
  // The database still holds the pre-edit state here, so this is the same text the load saw, or newer.
  private async readStoredText(docId: string): Promise<string> {
    try {
      const stored = await this.prisma.noteDocument.findUnique({ where: { docId }, select: { state: true } });
      return stored ? textOf(new Uint8Array(stored.state)) : '';
    } catch (error) {
      // Without it no version is kept before this one store; the edit itself must be stored all the same.
      this.logger.error('could not read the stored text of a note', { docId, error: String(error) });
      return '';
    }
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
