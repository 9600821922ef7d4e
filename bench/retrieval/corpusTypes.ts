/** How a query relates to its answer note. */
export type QueryKind = 'title' | 'content' | 'paraphrase-ish' | 'stale-trap' | 'paraphrase';

/** A live note as it must read at the end: one string per paragraph. */
export interface CorpusNote {
  readonly id: string;
  readonly path: string;
  readonly text: readonly string[];
}

/**
 * A note first written with outdated text, then edited to its current text, plus a deleted twin holding
 * the outdated text (trashed, and purged when `purge`).
 */
export interface StaleTrap {
  readonly noteId: string;
  readonly oldText: readonly string[];
  readonly twin: { readonly id: string; readonly path: string; readonly purge: boolean };
}

/** A question with one known answer note. */
export interface CorpusQuery {
  readonly id: string;
  readonly query: string;
  readonly answerDocId: string;
  readonly kind: QueryKind;
}

/** bench/retrieval/corpus.json. */
export interface Corpus {
  readonly seed: number;
  readonly notes: readonly CorpusNote[];
  readonly traps: readonly StaleTrap[];
  readonly queries: readonly CorpusQuery[];
}

/** What a family of notes produces before ids are given out. */
export interface Draft {
  readonly path: string;
  readonly text: readonly string[];
  /** The outdated version of one or more paragraphs: `text` with `stale[i].now` replaced by `stale[i].old`. */
  readonly stale?: ReadonlyArray<{ readonly old: string; readonly now: string }>;
  readonly queries: ReadonlyArray<{ readonly kind: QueryKind; readonly query: string }>;
}
