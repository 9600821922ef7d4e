// Runs in the page (bundled by deviceStore.ts): the app's own local store, reached with the app's own code,
// so a spec can edit many notes on the device at once as typing would leave them: the text in the note's
// y-indexeddb database, one more pending change in the registry. Sending them is left to the app.
import { applyMarkdownEdit } from '@baalda/markdown';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { localNamesOf } from '../../../apps/web/lib/account/browserLocalNames';
import type { VaultScope } from '../../../apps/web/lib/account/localNames';
import { makeLocalNoteRecord } from '../../../apps/web/lib/localNoteRecord';
import { getLocalRegistry } from '../../../apps/web/lib/localRegistry';
import { afterStoredUpdates } from '../../../apps/web/lib/localWriteBarrier';

/** One note's new text. */
export interface DeviceEdit {
  readonly docId: string;
  readonly markdown: string;
}

// IndexedDB serialises per database anyway; a few notes at a time keep the page responsive.
const AT_ONCE = 50;

/** Writes each edit into the note's local copy and counts it as pending, as the editor's tracker does. */
export async function editNotes(scope: VaultScope, edits: readonly DeviceEdit[]): Promise<void> {
  for (let start = 0; start < edits.length; start += AT_ONCE) {
    await Promise.all(edits.slice(start, start + AT_ONCE).map((edit) => editNote(scope, edit)));
  }
}

async function editNote(scope: VaultScope, { docId, markdown }: DeviceEdit): Promise<void> {
  const names = localNamesOf(scope);
  const persistence = new IndexeddbPersistence(names.noteDatabase(docId), new Y.Doc());
  await persistence.whenSynced;
  applyMarkdownEdit(persistence.doc, markdown);
  await afterStoredUpdates(persistence);
  await persistence.destroy();
  await getLocalRegistry(names.database).update(docId, (current) => {
    const record = current ?? makeLocalNoteRecord(docId);
    return { ...record, pendingChanges: record.pendingChanges + 1 };
  });
}

/** Notes of the scope this device still counts as not on the relay. */
export async function countPendingNotes(scope: VaultScope): Promise<number> {
  const records = await getLocalRegistry(localNamesOf(scope).database).list();
  return records.filter((record) => record.pendingChanges > 0).length;
}
