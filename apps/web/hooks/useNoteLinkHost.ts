import type { VaultNote } from '@baalda/core';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
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
  // In a layout effect, not during render: the directory is an external store (Backlinks reads it), and
  // changing one while React renders made it throw the render away and rebuild the editor each time.
  useLayoutEffect(() => directory.setNotes(notes), [directory, notes]);
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
