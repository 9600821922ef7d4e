import type { VaultNote } from '@baalda/core';
import { useEffect, useMemo, useRef } from 'react';
import type { NoteLinkHost } from '../components/editor/links/noteLinkHost';
import { NoteDirectory } from '../lib/links/noteDirectory';

interface NoteLinkActions {
  openNote(docId: string): void;
  createNote(name: string): Promise<string | null>;
}

/**
 * One note-link host per vault, stable across renders (the editor is rebuilt when it changes): its
 * directory follows the vault's live notes, and its actions are always the latest ones given.
 */
export function useNoteLinkHost(
  vaultKey: unknown,
  notes: readonly VaultNote[],
  actions: NoteLinkActions,
): NoteLinkHost {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new vault gets a new directory.
  const directory = useMemo(() => new NoteDirectory(), [vaultKey]);
  // Set during render, not in an effect: an editor created in this render must see the notes at once.
  directory.setNotes(notes);
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  return useMemo(
    () => ({
      directory,
      openNote: (docId) => latest.current.openNote(docId),
      createNote: (name) => latest.current.createNote(name),
    }),
    [directory],
  );
}
