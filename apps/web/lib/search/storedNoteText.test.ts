import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { afterStoredUpdates } from '../localWriteBarrier';
import { readStoredNoteText } from './storedNoteText';

const alice = 'alice_note_00000000001';
const bob = 'bob_note_0000000000002';

// What the editor does: y-indexeddb (on the global fake IndexedDB here) stores every update of the note.
async function storeNote(docId: string, lines: string[]): Promise<void> {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(`note:${docId}`, doc);
  await persistence.whenSynced;
  doc.getXmlFragment('default').insert(
    0,
    lines.map((line) => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText(line)]);
      return paragraph;
    }),
  );
  await afterStoredUpdates(persistence);
  await persistence.destroy();
}

describe('note text stored in this browser', () => {
  it('[EMB1] reads the text y-indexeddb stored for a note', async () => {
    await storeNote(alice, ['Refunds within thirty days', 'Keep the receipt']);
    expect(await readStoredNoteText(`note:${alice}`)).toBe('Refunds within thirty days\nKeep the receipt');
  });

  it('answers null for a note never opened here, and leaves no empty database behind', async () => {
    expect(await readStoredNoteText(`note:${bob}`)).toBeNull();
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain(`note:${bob}`);
  });

  it("reads only the database it is given: another scope's copy of the note is not this one", async () => {
    await storeNote(alice, ['Alice wrote this']);
    expect(await readStoredNoteText(`baalda:bob:default:note:${alice}`)).toBeNull();
  });
});
