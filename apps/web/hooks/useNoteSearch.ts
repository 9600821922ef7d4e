'use client';

import { useEffect, useState } from 'react';
import { createLatestOnly } from '../lib/search/latestOnly';
import type { NoteSearch } from '../lib/search/noteSearch';
import type { SearchOutcome, SearchSession } from '../lib/search/searchTypes';

// Long enough that a word typed at speed is one request, short enough that results feel immediate.
const DEBOUNCE_MS = 120;

/** What the palette shows: nothing asked yet, or the latest query's outcome. */
export type SearchView = { readonly status: 'idle' } | ({ readonly status: 'answered' } & SearchOutcome);

const IDLE: SearchView = { status: 'idle' };

/**
 * Searches as the person types: debounced, and only the newest query's answer is ever shown. Changing the
 * query makes every answer still on its way stale at once, so a slow answer for "ref" can't land after
 * "refund" was typed. One session per mounted palette (see noteSearch.ts).
 */
export function useNoteSearch(search: NoteSearch, query: string): SearchView {
  const [view, setView] = useState<SearchView>(IDLE);
  const [session, setSession] = useState<SearchSession | null>(null);
  const [latest] = useState(createLatestOnly);
  useEffect(() => {
    setSession(search.startSession());
    return () => latest.cancel();
  }, [search, latest]);
  useEffect(() => {
    latest.cancel();
    const text = query.trim();
    if (!session || text === '') {
      setView(IDLE);
      return undefined;
    }
    let queryChanged = false;
    const searchNow = () =>
      void latest
        .run(() => session.search(text))
        .then((answer) => {
          if (answer.stale) return;
          setView({ status: 'answered', ...answer.value });
          // SEMW5: ranked by words while the notes' meaning was computed; rank again once it is.
          if (answer.value.ok)
            void answer.value.improves?.then(() => {
              if (!queryChanged) searchNow();
            });
        });
    const timer = setTimeout(searchNow, DEBOUNCE_MS);
    return () => {
      queryChanged = true;
      clearTimeout(timer);
    };
  }, [query, session, latest]);
  return view;
}
