import type { VaultNote } from '@baalda/core';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { NoteLinkHost, PendingFiles } from '../components/editor/links/noteLinkHost';
import { NoteDirectory } from '../lib/links/noteDirectory';
import type { UploadQueue } from '../lib/uploads/uploadTypes';

/** What the host does, always with the latest functions given (they may change between renders). */
type NoteLinkActions = Pick<NoteLinkHost, 'openNote' | 'createNote' | 'addFiles' | 'reportProblems'>;

/**
 * One note-link host per vault, stable across renders (the editor is rebuilt when it changes): its
 * directory follows the vault's live notes and the private folders (`privateKeys`, null until read:
 * LNK8), and its actions are always the latest ones given.
 */
export function useNoteLinkHost(
  vaultId: string,
  notes: readonly VaultNote[],
  uploads: UploadQueue,
  actions: NoteLinkActions,
  privateKeys: ReadonlySet<string> | null,
): NoteLinkHost {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new vault gets a new directory.
  const directory = useMemo(() => new NoteDirectory(), [vaultId]);
  // In a layout effect, not during render: the directory is an external store (Backlinks reads it), and
  // changing one while React renders is not allowed.
  useLayoutEffect(() => directory.setNotes(notes), [directory, notes]);
  useLayoutEffect(() => directory.setPrivateFolders(privateKeys), [directory, privateKeys]);
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  return useMemo(
    () => ({
      directory,
      vaultId,
      pendingFiles: pendingFilesOf(uploads),
      openNote: (docId, heading) => latest.current.openNote(docId, heading),
      createNote: (name) => latest.current.createNote(name),
      addFiles: (files, folder) => latest.current.addFiles(files, folder),
      reportProblems: (messages) => latest.current.reportProblems(messages),
    }),
    [directory, vaultId, uploads],
  );
}

function pendingFilesOf(uploads: UploadQueue): PendingFiles {
  return {
    pendingOf: (docId) => uploads.getState().uploads.find((upload) => upload.docId === docId),
    subscribe: (listener) => uploads.subscribe(listener),
  };
}
