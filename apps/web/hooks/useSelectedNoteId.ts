'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { noteHref, readNoteParam } from '../lib/noteUrl';

// history.pushState fires no event of its own; this one lets every subscriber see app navigations.
const NAVIGATE_EVENT = 'baalda:navigate';

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}

const readSelected = () => readNoteParam(window.location.search);
// The static prerender has no URL; the client re-renders with the real one right after hydration.
const readSelectedOnServer = () => null;

/** The note selected in the URL, and a way to select another one (a new history entry unless `replace`). */
export function useSelectedNoteId(): [string | null, (docId: string | null, replace?: boolean) => void] {
  const selected = useSyncExternalStore(subscribe, readSelected, readSelectedOnServer);
  const select = useCallback((docId: string | null, replace = false) => {
    const href = noteHref(docId);
    if (replace) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
    window.dispatchEvent(new Event(NAVIGATE_EVENT));
  }, []);
  return [selected, select];
}
