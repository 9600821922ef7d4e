'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { navigateTo, subscribeToNavigation } from '../lib/navigation';
import { noteHref, readNoteParam, readVaultParam } from '../lib/noteUrl';

const readSelected = () => readNoteParam(window.location.search);
// The static prerender has no URL; the client re-renders with the real one right after hydration.
const readSelectedOnServer = () => null;

/** The note selected in the URL, and a way to select another one (a new history entry unless `replace`). */
export function useSelectedNoteId(): [string | null, (docId: string | null, replace?: boolean) => void] {
  const selected = useSyncExternalStore(subscribeToNavigation, readSelected, readSelectedOnServer);
  const select = useCallback((docId: string | null, replace = false) => {
    // Selecting a note stays in the vault the URL names.
    navigateTo(noteHref(docId, readVaultParam(window.location.search)), replace);
  }, []);
  return [selected, select];
}
