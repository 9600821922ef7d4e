import { parseDocumentName } from '@baalda/core';
import type { Extension, onStoreDocumentPayload } from '@hocuspocus/server';
import { indexedTextOf } from '../search/indexedText';
import type { SearchIndexes } from '../search/searchIndexes';
import type { StoreCycleReadings } from './storeCycleReadings';

/**
 * IDX1/IDX2: after a note's document is stored, rewrites its one index row with the current text and
 * vector. Runs in the same store cycle, so the row trails an edit by at most the store debounce.
 */
export class IndexExtension implements Extension {
  extensionName = 'IndexExtension';

  constructor(
    private readonly indexes: SearchIndexes,
    private readonly clock: () => Date,
    private readonly readings: StoreCycleReadings,
  ) {}

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const address = parseDocumentName(documentName);
    if (!address.ok || address.kind !== 'note') return;
    const { text, version } = this.readings.take(document);
    await this.indexes.writeContent(address.docId, indexedTextOf(text), version, this.clock());
  }
}
