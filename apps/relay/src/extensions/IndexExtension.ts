import { type Embedder, parseDocumentName, sourceVersionOf } from '@baalda/core';
import type { Extension, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import { extractPlainText } from '../documents/plainText';
import type { PrismaClient } from '../generated/prisma/client';
import { writeIndexedContent } from '../search/indexStore';
import type { SearchIndex } from '../search/searchIndex';

/**
 * IDX1/IDX2: after a note's document is stored, rewrites its one index row with the current text and
 * vector. Runs in the same store cycle, so the row trails an edit by at most the store debounce.
 */
export class IndexExtension implements Extension {
  extensionName = 'IndexExtension';

  constructor(
    private readonly prisma: PrismaClient,
    private readonly embedder: Embedder,
    private readonly searchIndex: SearchIndex,
    private readonly clock: () => Date,
  ) {}

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const address = parseDocumentName(documentName);
    if (!address.ok || address.kind !== 'note') return;
    const version = sourceVersionOf(Y.decodeStateVector(Y.encodeStateVector(document)));
    const written = await writeIndexedContent(
      this.prisma,
      this.embedder,
      { docId: address.docId, content: extractPlainText(document), version },
      this.clock(),
    );
    // Mirrored only after the row committed, with the same version guard (SRCH4).
    if (written.changed) this.searchIndex.setContent(address.docId, written.vector, version, written.placeIfNew);
  }
}
