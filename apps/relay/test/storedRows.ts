import { pathKey } from '@baalda/core';
import * as Y from 'yjs';
import { type DatabaseTarget, openDatabase } from '../src/db/openDatabase';
import { appendParagraph } from './clients';

/**
 * Gives an entry another path straight in the database, past every rule the relay applies: how a vault
 * looks that was written before a path rule existed. The relay on `target` must be closed (a PGlite folder
 * is opened by one process at a time); start it again to serve the row.
 */
export async function setStoredPath(target: DatabaseTarget, docId: string, path: string): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.sql.query('UPDATE note SET path = $1, path_key = $2 WHERE doc_id = $3', [
      path,
      pathKey(path),
      docId,
    ]);
    await database.sql.query('UPDATE note_index SET path = $1 WHERE doc_id = $2', [path, docId]);
  } finally {
    await database.close();
  }
}

/**
 * Appends a paragraph to a note's stored document and nothing else: what a relay killed after storing a
 * document and before writing its index row leaves behind. The relay on `target` must be closed.
 */
export async function appendStoredParagraph(target: DatabaseTarget, docId: string, text: string): Promise<void> {
  const database = await openDatabase(target);
  try {
    const [row] = await database.sql.query<{ state: Uint8Array }>('SELECT state FROM note_document WHERE doc_id = $1', [
      docId,
    ]);
    if (!row) throw new Error(`no stored document for ${docId}`);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, row.state);
    appendParagraph(doc, text);
    await database.sql.query('UPDATE note_document SET state = $1, updated_at = now() WHERE doc_id = $2', [
      Y.encodeStateAsUpdate(doc),
      docId,
    ]);
  } finally {
    await database.close();
  }
}
