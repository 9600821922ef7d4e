import {
  fileNameOf,
  isInsideFolder,
  joinPath,
  NOTE_EXTENSION,
  parentFolderOf,
  pathKey,
  validateNotePath,
} from '@baalda/core';
import { firstFreePath, NEW_FOLDER_NAME, NEW_NOTE_NAME, planRename } from './treeNames';
import type { VaultOpRequest, VaultStore } from './vaultStoreTypes';

/** A row of the tree: a note (by id) or a folder (by path). */
export type TreeItem =
  | { readonly kind: 'note'; readonly docId: string; readonly path: string }
  | { readonly kind: 'folder'; readonly path: string };

/** What a tree action did; a refusal carries the message to show (core's, naming its rule). */
export type ActionResult =
  | { readonly ok: true; readonly changed: boolean }
  | { readonly ok: false; readonly message: string };

/** The tree's verbs, in the words of the UI, on top of the store's ops. */
export interface TreeActions {
  /** Creates "Untitled.md" (or "Untitled 2.md"…) in `folder`; resolves to the new note's row. */
  createNote(folder: string): Promise<Extract<TreeItem, { kind: 'note' }> | { message: string }>;
  /** LINK4: creates a note at `path` exactly (a link's name made a path); a refusal carries core's message. */
  createNoteAt(path: string): Promise<Extract<TreeItem, { kind: 'note' }> | { message: string }>;
  /** Creates "New folder" (or "New folder 2"…) in `folder`; resolves to its row. */
  createFolder(folder: string): Promise<Extract<TreeItem, { kind: 'folder' }> | { message: string }>;
  rename(item: TreeItem, typed: string): Promise<ActionResult>;
  moveInto(item: TreeItem, folder: string): Promise<ActionResult>;
  trash(item: TreeItem): Promise<ActionResult>;
  restore(docId: string): Promise<ActionResult>;
  purge(docId: string): Promise<ActionResult>;
  emptyTrash(): Promise<ActionResult>;
}

/**
 * True when dropping `item` on `folder` ('' for the root) would move it: not where it already is, and a
 * folder never into itself or its own subfolders (core refuses that too, FOLDER_INTO_ITSELF).
 */
export function canDropInto(item: TreeItem, folder: string): boolean {
  if (pathKey(parentFolderOf(item.path)) === pathKey(folder)) return false;
  return item.kind === 'note' || folder === '' || !isInsideFolder(folder, item.path);
}

export function createTreeActions(store: VaultStore, newId: () => string, now: () => number): TreeActions {
  const run = async (request: VaultOpRequest): Promise<ActionResult> => {
    const outcome = await store.perform(request);
    return outcome.ok ? { ok: true, changed: true } : { ok: false, message: outcome.message };
  };
  return {
    async createNote(folder) {
      const taken = new Set(store.getState().notes.map((note) => pathKey(note.path)));
      const path = firstFreePath(folder, NEW_NOTE_NAME, NOTE_EXTENSION, taken);
      const docId = newId();
      const outcome = await store.perform({ kind: 'createNote', docId, path, createdAt: now() });
      return outcome.ok ? { kind: 'note', docId, path: outcome.path ?? path } : { message: outcome.message };
    },
    async createNoteAt(path) {
      const checked = validateNotePath(path);
      if (!checked.ok) return { message: checked.message };
      const docId = newId();
      const outcome = await store.perform({ kind: 'createNote', docId, path: checked.path, createdAt: now() });
      return outcome.ok ? { kind: 'note', docId, path: outcome.path ?? checked.path } : { message: outcome.message };
    },
    async createFolder(folder) {
      const taken = new Set(store.getState().folders.map(pathKey));
      const path = firstFreePath(folder, NEW_FOLDER_NAME, '', taken);
      const outcome = await store.perform({ kind: 'createFolder', path });
      return outcome.ok ? { kind: 'folder', path: outcome.path ?? path } : { message: outcome.message };
    },
    async rename(item, typed) {
      const plan = planRename(item.kind, item.path, typed);
      if (plan.kind === 'unchanged') return { ok: true, changed: false };
      if (plan.kind === 'invalid') return { ok: false, message: plan.failure.message };
      return item.kind === 'note'
        ? run({ kind: 'moveNote', docId: item.docId, path: plan.path })
        : run({ kind: 'moveFolder', path: item.path, newPath: plan.path });
    },
    async moveInto(item, folder) {
      if (!canDropInto(item, folder)) return { ok: true, changed: false };
      const path = joinPath(folder, fileNameOf(item.path));
      return item.kind === 'note'
        ? run({ kind: 'moveNote', docId: item.docId, path })
        : run({ kind: 'moveFolder', path: item.path, newPath: path });
    },
    trash: (item) =>
      run(item.kind === 'note' ? { kind: 'trashNote', docId: item.docId } : { kind: 'trashFolder', path: item.path }),
    restore: (docId) => run({ kind: 'restoreNote', docId }),
    purge: (docId) => run({ kind: 'purgeNote', docId }),
    emptyTrash: () => run({ kind: 'emptyTrash' }),
  };
}
