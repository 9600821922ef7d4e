import { pathKey } from '@baalda/core';
import { type DatabaseTarget, openDatabase } from '../src/db/openDatabase';

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
