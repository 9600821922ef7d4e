import { indexedTextOf, parseDocumentName } from '@baalda/core';
import type { afterStoreDocumentPayload, Extension } from '@hocuspocus/server';
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
    const { text, links, version } = this.readings.take(document);
    await this.indexes.writeContent(address.docId, indexedTextOf(text), version, this.clock());
    // BL1: after the index row, which the link rows' version lives on.
    await replaceNoteLinks(this.prisma, address.docId, version, links);
  }
}
