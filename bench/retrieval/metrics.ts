import type { CorpusQuery, QueryKind } from './corpusTypes';

/** Ranking quality over a set of queries with one answer each. */
export interface RankMetrics {
  readonly queries: number;
  /** Mean of 1 / rank of the answer, 0 when it is not in the first 10. */
  readonly mrr10: number;
  /** Share of queries with the answer in the first 5. */
  readonly recall5: number;
  /** Share of queries with the answer in the first 10. */
  readonly recall10: number;
}

/** Doc ids best first, per query id. */
export type Rankings = ReadonlyMap<string, readonly string[]>;

export const QUERY_KINDS: readonly QueryKind[] = ['title', 'content', 'paraphrase-ish', 'stale-trap', 'paraphrase'];

/** MRR@10, recall@5 and recall@10 of `rankings` over `queries`. */
export function rankMetrics(queries: readonly CorpusQuery[], rankings: Rankings): RankMetrics {
  let reciprocal = 0;
  let in5 = 0;
  let in10 = 0;
  for (const query of queries) {
    const rank = (rankings.get(query.id) ?? []).indexOf(query.answerDocId) + 1;
    if (rank >= 1 && rank <= 10) {
      reciprocal += 1 / rank;
      in10 += 1;
      if (rank <= 5) in5 += 1;
    }
  }
  const count = Math.max(1, queries.length);
  return { queries: queries.length, mrr10: reciprocal / count, recall5: in5 / count, recall10: in10 / count };
}

/** {@link rankMetrics} per query kind. */
export function metricsByKind(queries: readonly CorpusQuery[], rankings: Rankings): Record<QueryKind, RankMetrics> {
  const byKind = (kind: QueryKind) =>
    rankMetrics(
      queries.filter((query) => query.kind === kind),
      rankings,
    );
  return {
    title: byKind('title'),
    content: byKind('content'),
    'paraphrase-ish': byKind('paraphrase-ish'),
    'stale-trap': byKind('stale-trap'),
    paraphrase: byKind('paraphrase'),
  };
}

/**
 * Reciprocal-rank fusion (Cormack et al. 2009): each list adds 1 / (k + rank) for every doc it ranks.
 * Rank-based, so scores on different scales (cosine, ts_rank_cd, BM25) fuse without calibration.
 */
export function fuseByReciprocalRank(lists: ReadonlyArray<readonly string[]>, k = 60, limit = 10): string[] {
  const scores = new Map<string, number>();
  for (const list of lists)
    for (const [index, docId] of list.entries()) scores.set(docId, (scores.get(docId) ?? 0) + 1 / (k + index + 1));
  return [...scores]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([docId]) => docId);
}
