import type { NoteDirectory } from '../../../lib/links/noteDirectory';
import type { AddedFile, AddFilesOutcome } from '../../../lib/uploads/fileUploader';
import type { PendingUpload } from '../../../lib/uploads/uploadTypes';

/** The files of this device still waiting for the relay, as embeds read them (EMBED2). */
export interface PendingFiles {
  pendingOf(docId: string): PendingUpload | undefined;
  subscribe(listener: () => void): () => void;
}

/** What note links and embeds need from the app around the editor (LINK1–LINK4, EMBED1–EMBED4). */
export interface NoteLinkHost {
  readonly directory: NoteDirectory;
  /** The open vault, for attachments' addresses. */
  readonly vaultId: string;
  readonly pendingFiles: PendingFiles;
  /** Opens a note or an attachment, as choosing it in the tree does; at `heading` when one is named (LINK6). */
  openNote(docId: string, heading?: string | null): void;
  /**
   * LINK4: creates a note named by an unresolved link (`Plans/Roadmap` → `Plans/Roadmap.md`) and answers
   * its docId, or null when it could not be created (the message is shown by the host).
   */
  createNote(name: string): Promise<string | null>;
  /** EMBED1: adds files to `folder` as the tree's "Upload files" does (queued offline too). */
  addFiles(files: readonly AddedFile[], folder: string): Promise<AddFilesOutcome>;
  /** Shows why some files were not added (the tree's error line). */
  reportProblems(messages: readonly string[]): void;
}
