'use client';

import { entryKindOf, fileNameOf, joinPath, NOTE_EXTENSION, pathKey } from '@baalda/core';
import { useEffect, useState } from 'react';
import type { TreeUi } from '../components/tree/treeUi';
import { attachmentFileUrl } from '../lib/attachments/attachmentApi';
import { noteHref } from '../lib/noteUrl';
import type { DroppedFiles } from '../lib/uploads/droppedFiles';
import type { FileUploader } from '../lib/uploads/fileUploader';
import type { UploadQueue } from '../lib/uploads/uploadTypes';
import type { TreeActions, TreeItem } from '../lib/vault/treeActions';
import { folderForNewItems } from '../lib/vault/treeNames';
import { useCollapsedFolders } from './useCollapsedFolders';
import { useRenaming } from './useRenaming';
import { useTreeDrag } from './useTreeDrag';

interface TreeControllerOptions {
  /** The open vault's tree verbs. */
  readonly actions: TreeActions;
  /** Adds files to the vault (attachments queued for upload, Markdown files imported as notes). */
  readonly addFiles: FileUploader;
  /** The open vault's files waiting for upload. */
  readonly uploads: Pick<UploadQueue, 'retry' | 'discard'>;
  /** The `localStorage` key of this vault's closed folders (see account/localNames). */
  readonly collapsedFoldersKey: string;
  /** The open vault, for note links. */
  readonly vaultId: string;
  /** True when the person may only read this vault. */
  readonly readOnly: boolean;
  readonly openId: string | null;
  /** The open note's path, when the tree knows it. */
  readonly openPath: string | null;
  readonly folders: readonly string[];
  openNote(docId: string): void;
  /** Puts the caret in the open note (after naming it, say). */
  focusEditor(): void;
}

/** The sidebar's tree state (renaming, selection, drag, open folders) and its verbs. */
export interface TreeController {
  readonly ui: TreeUi;
  /** The last refusal of a tree action here (a name core refused, say), until dismissed or fixed. */
  readonly error: string | null;
  dismissError(): void;
  createNote(): Promise<void>;
  /**
   * LINK4: creates the note an unresolved link names (`Plans/Roadmap` → `Plans/Roadmap.md`) and answers its
   * docId; a refusal shows as the tree's error and answers null.
   */
  createLinkedNote(name: string): Promise<string | null>;
  /** Shows why files pasted or dropped into a note were not added, as the tree's error (EMBED1). */
  reportProblems(messages: readonly string[]): void;
  createFolder(): Promise<void>;
  /** Adds files where new items go (see folderForNewItems); refusals show as the tree's error. */
  addFiles(files: readonly File[]): void;
  /** Picks the root as where new items go. */
  pickRoot(): void;
  restore(docId: string): void;
  purge(docId: string): void;
  emptyTrash(): void;
}

export function useTreeController(options: TreeControllerOptions): TreeController {
  const { actions, openId, openPath } = options;
  const [selectedFolder, setSelectedFolder] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const renaming = useRenaming({ actions, openId, setError, focusEditor: options.focusEditor });
  const collapsed = useCollapsedFolders(options.collapsedFoldersKey);
  const { reveal } = collapsed;
  useEffect(() => {
    if (openPath) reveal(openPath);
  }, [openPath, reveal]);
  const report = (result: { ok: true } | { ok: false; message: string }) => setError(result.ok ? null : result.message);
  const addFiles = async ({ files, skippedFolders }: DroppedFiles, folder: string) => {
    const { added, problems } = await options.addFiles(files, folder).catch((error: unknown) => {
      console.error('Adding files failed', error);
      return { added: [], problems: ['The files could not be added; nothing was changed.'] };
    });
    const skipped = skippedFolders > 0 ? ['Folders can’t be added; add the files inside them instead.'] : [];
    const messages = [...problems, ...skipped];
    setError(messages.length > 0 ? messages.join('\n') : null);
    const [first] = added;
    if (first) reveal(first.path);
  };
  const drag = useTreeDrag(
    (item, folder) => {
      void actions.moveInto(item, folder).then((result) => {
        report(result);
        if (result.ok) reveal(joinPath(folder, fileNameOf(item.path)));
      });
    },
    options.readOnly ? null : (dropped, folder) => void addFiles(dropped, folder),
  );
  const ui: TreeUi = {
    ...renaming,
    openId,
    readOnly: options.readOnly,
    hrefOf: (docId) => noteHref(docId, options.vaultId),
    downloadHrefOf: (docId) => attachmentFileUrl(options.vaultId, docId, true),
    selectedFolderKey: selectedFolder ? pathKey(selectedFolder) : null,
    drag,
    isCollapsed: collapsed.isCollapsed,
    toggleFolder(path) {
      setSelectedFolder(path);
      collapsed.toggle(path);
    },
    openNote(docId) {
      setSelectedFolder(null);
      options.openNote(docId);
    },
    trash: (item) => void actions.trash(item).then(report),
    retryUpload: (docId) => void options.uploads.retry(docId),
    discardUpload: (docId) => void options.uploads.discard(docId),
  };
  // Creating names the item at once: its row opens in rename mode, the name selected.
  const create = async (kind: TreeItem['kind']) => {
    const folder = folderForNewItems(selectedFolder, options.folders, openPath);
    const created = kind === 'note' ? await actions.createNote(folder) : await actions.createFolder(folder);
    if ('message' in created) return setError(created.message);
    setError(null);
    reveal(created.path);
    renaming.startRename(created);
    if (created.kind === 'note') ui.openNote(created.docId);
  };
  return {
    ui,
    error,
    dismissError: () => setError(null),
    createNote: () => create('note'),
    async createLinkedNote(name) {
      const path = entryKindOf(name) === 'note' ? name : `${name}${NOTE_EXTENSION}`;
      const created = await actions.createNoteAt(path);
      if ('message' in created) {
        setError(created.message);
        return null;
      }
      reveal(created.path);
      return created.docId;
    },
    reportProblems: (messages) => setError(messages.length > 0 ? messages.join('\n') : null),
    createFolder: () => create('folder'),
    addFiles(files) {
      if (options.readOnly || files.length === 0) return;
      void addFiles(
        { files: [...files], skippedFolders: 0 },
        folderForNewItems(selectedFolder, options.folders, openPath),
      );
    },
    pickRoot: () => setSelectedFolder(''),
    restore: (docId) => void actions.restore(docId).then(report),
    purge: (docId) => void actions.purge(docId).then(report),
    emptyTrash: () => void actions.emptyTrash().then(report),
  };
}
