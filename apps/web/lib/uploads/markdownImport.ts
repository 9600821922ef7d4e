import { applyMarkdownEdit, MARKDOWN_EDIT_ORIGIN, type NoteLinkResolver } from '@baalda/markdown';
import { waitUntilSettled } from '../backgroundSync';
import type { NoteStorage } from '../noteSession';
import { acquireNoteSession, releaseNoteSession } from '../noteSessions';

/**
 * PATH11: a `.md` file added to the vault becomes a note, and its Markdown the note's text (MD4's minimal
 * edit on the new, empty document). The edit is stored on this device at once like typing; the session is
 * held until the relay has it (or a while, offline: the pending count then lets a later catch-up send it).
 */
export async function importMarkdownIntoNote(
  docId: string,
  markdown: string,
  storage: NoteStorage,
  links?: NoteLinkResolver,
): Promise<void> {
  // Not on screen: a dropped batch of files must not hold up the note being edited (SW1).
  const session = await acquireNoteSession(docId, storage, 'background');
  try {
    applyMarkdownEdit(session.ydoc, markdown, MARKDOWN_EDIT_ORIGIN, links);
    await waitUntilSettled(session);
  } finally {
    releaseNoteSession(docId, storage);
  }
}
