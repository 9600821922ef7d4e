import { formatNoteDocumentName } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import type * as Y from 'yjs';

/**
 * MCP5: works on a note's live document through a direct Hocuspocus connection, so a read sees the
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
