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
    const timer = setTimeout(() => {
      void latest
        .run(() => session.search(text))
        .then((answer) => {
          if (!answer.stale) setView({ status: 'answered', ...answer.value });
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, session, latest]);
  return view;
}
