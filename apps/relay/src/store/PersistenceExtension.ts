import { LIMITS, parseDocumentName } from '@baalda/core';
import type { Extension, onConnectPayload, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import { EXTENSION_PRIORITY } from '../support/extensionOrder';
import type { Logger } from '../support/logger';
import type { NoteStore } from './noteStore';

/**
 * Loads each note's Yjs state from the store when its document opens, and writes the whole merged state
 * back (one row per note, in place) when Hocuspocus's debounce fires. Vault channels carry no content
 * and are never stored.
 */
export class PersistenceExtension implements Extension {
  extensionName = 'PersistenceExtension';
  priority = EXTENSION_PRIORITY.persistence;

  constructor(
    private readonly store: NoteStore,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  // DOC2: a purged note's id is retired; a client still holding its document can't bring it back.
  async onConnect({ documentName }: onConnectPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (docId && (await this.store.isRetired(docId))) {
      throw { reason: 'DOC_ID_RETIRED: this note was deleted for good.' };
    }
  }

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (!docId) return;
    const state = await this.store.loadState(docId);
    if (state) Y.applyUpdate(document, state);
  }

  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const docId = noteDocId(documentName);
    if (!docId) return;
    const state = Y.encodeStateAsUpdate(document);
    if (state.byteLength > LIMITS.maxDocumentStateBytes) {
      // Throwing keeps the document in memory (Hocuspocus retries on the next change) instead of
      // writing a state the relay would refuse to load again.
      this.logger.error('store refused: document over size limit', { docId, bytes: state.byteLength });
      throw new Error(`Document ${docId} is ${state.byteLength} bytes, over LIM2 (${LIMITS.maxDocumentStateBytes}).`);
    }
    if (!(await this.store.storeState(docId, state, this.clock()))) {
      this.logger.warn('store skipped: the note was purged', { docId });
    }
  }
}

// The WebSocket edge refuses bad names before Hocuspocus sees them; reaching here with one is a bug.
function noteDocId(documentName: string): string | null {
  const parsed = parseDocumentName(documentName);
  if (!parsed.ok) throw new Error(`PersistenceExtension: ${parsed.message}`);
  return parsed.kind === 'note' ? parsed.docId : null;
}
