import { fileNameOf, MCP_LIMITS, pathKey } from '@baalda/core';
import type { VaultStore } from '../vault/vaultStoreTypes';
import { type ChosenFile, planFileUploads } from './uploadNaming';
import type { UploadQueue } from './uploadTypes';

/** A file from a picker or a drop: its name, size and bytes (a browser `File` is one). */
export type AddedFile = ChosenFile & Blob;

/** What adding some files did: the entries made (the tree shows them at once) and why others were not. */
export interface AddFilesOutcome {
  readonly added: readonly { readonly docId: string; readonly path: string }[];
  readonly problems: readonly string[];
}

/** What adding files needs; tests pass fakes. */
export interface FileUploaderDeps {
  readonly queue: Pick<UploadQueue, 'getState' | 'enqueue'>;
  readonly store: Pick<VaultStore, 'getState' | 'perform'>;
  /** Writes an imported Markdown file into its new note's document (and syncs it, in the background). */
  importMarkdown(docId: string, markdown: string): Promise<void>;
  newId(): string;
  now(): number;
}

/** Adds files to a folder of the vault: attachments are queued for upload, Markdown files become notes. */
export type FileUploader = (files: readonly AddedFile[], folder: string) => Promise<AddFilesOutcome>;

/**
 * ATT8, PATH11: names every file first (planFileUploads), then queues the attachments (stored on this
 * device, sent when the relay is reachable) and creates a note for each `.md` file, whose text is the
 * file's Markdown (written offline like any edit).
 */
export function createFileUploader(deps: FileUploaderDeps): FileUploader {
  return async (files, folder) => {
    const taken = new Set([
      ...deps.store.getState().notes.map((note) => pathKey(note.path)),
      ...deps.queue.getState().uploads.map((upload) => pathKey(upload.path)),
    ]);
    const plans = planFileUploads(files, folder, taken);
    const problems: string[] = [];
    const attachments: { docId: string; path: string; createdAt: number; blob: Blob }[] = [];
    const notes: { file: AddedFile; path: string }[] = [];
    for (const [index, file] of files.entries()) {
      const plan = plans[index];
      if (plan?.kind === 'refused') problems.push(plan.message);
      else if (plan?.kind === 'attachment')
        attachments.push({ docId: deps.newId(), path: plan.path, createdAt: deps.now(), blob: file });
      else if (plan?.kind === 'note') notes.push({ file, path: plan.path });
    }
    const queued = attachments.length > 0 ? await deps.queue.enqueue(attachments) : { queued: [], refused: [] };
    problems.push(...queued.refused.map((refusal) => refusal.message));
    const added = attachments
      .filter((attachment) => queued.queued.includes(attachment.docId))
      .map(({ docId, path }) => ({ docId, path }));
    for (const note of notes) {
      const created = await importNote(deps, note.file, note.path);
      if ('problem' in created) problems.push(created.problem);
      else added.push(created);
    }
    return { added, problems };
  };
}

async function importNote(
  deps: FileUploaderDeps,
  file: AddedFile,
  path: string,
): Promise<{ docId: string; path: string } | { problem: string }> {
  const refuse = (reason: string) => ({ problem: `“${file.name}” was not added: ${reason}` });
  let markdown: string;
  try {
    markdown = await file.text();
  } catch {
    return refuse('this browser could not read it.');
  }
  if (markdown.length > MCP_LIMITS.maxTextChars) {
    return refuse(`a note may hold at most ${MCP_LIMITS.maxTextChars.toLocaleString('en-US')} characters.`);
  }
  const docId = deps.newId();
  const outcome = await deps.store.perform({ kind: 'createNote', docId, path, createdAt: deps.now() });
  if (!outcome.ok) return refuse(outcome.message);
  // The note exists (and syncs) whatever happens to its text; a failed write is logged, not undone.
  deps.importMarkdown(docId, markdown).catch((error: unknown) => {
    console.error(`The text of the imported note ${fileNameOf(path)} could not be written`, error);
  });
  return { docId, path: outcome.path ?? path };
}
