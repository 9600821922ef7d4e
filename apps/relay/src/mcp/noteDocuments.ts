import { formatNoteDocumentName, LIMITS } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { NoteStore } from '../store/noteStore';

/**
 * MCP12: reads a note's current document without joining it. A document someone has open is read as it
 * is in memory (the merged text of everyone editing now); otherwise its stored state is read into a
 * scratch document. A direct connection would also work, but leaving it runs the store hooks, so every
 * read would re-save and re-index the note.
 */
export async function readNoteDocument<T>(
  hocuspocus: Hocuspocus,
  notes: NoteStore,
  docId: string,
  read: (document: Y.Doc) => T,
): Promise<T> {
  const open = hocuspocus.documents.get(formatNoteDocumentName(docId));
  if (open) return read(open);
  const state = await notes.loadState(docId);
  const scratch = new Y.Doc();
  try {
    // LIM2 bounds what the relay stores, so a stored state is never larger; checked anyway before decoding.
    if (state && state.byteLength <= LIMITS.maxDocumentStateBytes) Y.applyUpdate(scratch, state);
    return read(scratch);
  } finally {
    scratch.destroy();
  }
}

/**
 * MCP12: changes a note's live document through a direct Hocuspocus connection, so a read sees the
 * merged text of everyone editing right now and a write reaches their editors like any other edit (and
 * is stored, indexed and versioned by the usual extensions).
 */
export async function withNoteDocument<T>(
  hocuspocus: Hocuspocus,
  docId: string,
  work: (connection: { document: Y.Doc; transact(change: (doc: Y.Doc) => void): Promise<void> }) => Promise<T>,
): Promise<T> {
  const connection = await hocuspocus.openDirectConnection(formatNoteDocumentName(docId), { mcp: true });
  try {
    return await work({
      document: connection.document as Y.Doc,
      transact: (change) => connection.transact((doc) => change(doc as Y.Doc)),
    });
  } finally {
    await connection.disconnect();
  }
}
