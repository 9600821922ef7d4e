import type { EntryKind } from '@baalda/core';

/** One note or attachment found by search: a pointer to open, never its text. */
export interface SearchHit {
  readonly docId: string;
  /** PATH11: what opening it shows, the editor or the attachment view. */
  readonly kind: EntryKind;
  /** TTL1: the file name without ".md" (an attachment's whole file name). */
  readonly title: string;
  readonly path: string;
  readonly score: number;
}

/** Where the hits came from: the relay's index, or the notes stored in this browser (offline). */
export type SearchSource = 'relay' | 'device';

/** What one search answered; a failure carries a message calm enough to show as it is. */
export type SearchOutcome =
  | {
      readonly ok: true;
      readonly hits: readonly SearchHit[];
      readonly source: SearchSource;
      /**
       * SEMW5: set while this device ranked by words because the meaning of its notes is still being
       * computed; resolves when searching again would rank by meaning too.
       */
      readonly improves?: Promise<void>;
    }
  | { readonly ok: false; readonly message: string };

/** Searches for one open palette (see noteSearch.ts for why a session). */
export interface SearchSession {
  search(query: string): Promise<SearchOutcome>;
}

/** The relay refuses longer queries (SEARCH_INVALID); the palette's field stops there. */
export const MAX_QUERY_LENGTH = 500;

/** How many hits the palette shows; the relay allows up to 50. */
export const SEARCH_LIMIT = 20;
