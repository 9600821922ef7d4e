import { indexedTextOf, parseDocumentName, sourceVersionOf } from '@baalda/core';
import type { afterLoadDocumentPayload, afterStoreDocumentPayload, Extension } from '@hocuspocus/server';
import type { PrismaClient } from '../generated/prisma/client';
import { replaceNoteLinks } from '../links/linkStore';
import type { StoreCycleReadings } from '../store/storeCycleReadings';
import { EXTENSION_PRIORITY } from '../support/extensionOrder';
import type { SearchIndexes } from './searchIndexes';

/**
 * IDX1/IDX2: once a note's document is stored, rewrites its one index row with the text the store cycle
 * read, and its link rows with the links it read (BL1). An after-store hook: a store that failed or was skipped writes no row, and the row trails an edit
 * by at most the store debounce.
 */
export class IndexExtension implements Extension {
  extensionName = 'IndexExtension';
  priority = EXTENSION_PRIORITY.index;

  constructor(
    private readonly indexes: SearchIndexes,
    private readonly clock: () => Date,
    private readonly readings: StoreCycleReadings,
    private readonly prisma: PrismaClient,
  ) {}

  async afterStoreDocument({ documentName, document }: afterStoreDocumentPayload): Promise<void> {
    const address = parseDocumentName(documentName);
    if (!address.ok || address.kind !== 'note') return;
    await this.writeRows(address.docId, this.readings.take(document));
  }

  /**
   * IDX2: a relay killed after storing a document and before writing its rows left them behind the stored
   * text, and nothing would store that document again until it changed. The first load after the restart
   * writes them; a row that is current costs one query. A document with no row yet (its note not created,
   * or purged) is left to its store, as before.
   */
  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<void> {
    const address = parseDocumentName(documentName);
    if (!address.ok || address.kind !== 'note') return;
    const version = sourceVersionOf(document);
    if (version === 0) return;
    const row = await this.prisma.noteIndex.findUnique({
      where: { docId: address.docId },
      select: { version: true, linksVersion: true },
    });
    if (!row || (Number(row.version) >= version && Number(row.linksVersion) >= version)) return;
    await this.writeRows(address.docId, this.readings.take(document));
  }

  private async writeRows(docId: string, reading: { text: string; links: readonly string[]; version: number }) {
    await this.indexes.writeContent(docId, indexedTextOf(reading.text), reading.version, this.clock());
    // BL1: after the index row, which the link rows' version lives on.
    await replaceNoteLinks(this.prisma, docId, reading.version, reading.links);
  }
}
