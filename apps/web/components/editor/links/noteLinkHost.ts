import type { NoteDirectory } from '../../../lib/links/noteDirectory';

/** What note links need from the app around the editor (LINK1–LINK4). */
export interface NoteLinkHost {
  readonly directory: NoteDirectory;
  /** Opens a note, as choosing it in the tree does. */
  openNote(docId: string): void;
  /**
   * LINK4: creates a note named by an unresolved link (`Plans/Roadmap` → `Plans/Roadmap.md`) and answers
   * its docId, or null when it could not be created (the message is shown by the host).
   */
  createNote(name: string): Promise<string | null>;
}
