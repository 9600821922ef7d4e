import { tokenize } from '@baalda/core';
import type { SqlDriver } from 'baalda-relay/testing';
import type { CorpusQuery } from './corpusTypes';

/** A PostgreSQL text-search configuration and how query words combine. */
export interface FullTextMode {
  readonly config: 'simple' | 'english';
  /** `and`: plainto_tsquery (every word must occur); `or`: any word may occur, ts_rank_cd orders. */
  readonly words: 'and' | 'or';
}

/**
 * Builds a temporary table of `to_tsvector(config, title || ' ' || content)` for the live rows, as a
 * generated column with a GIN index would hold them on a real deployment, so each query pays for the
 * ranking only.
 */
export async function prepareFullText(sql: SqlDriver): Promise<void> {
  await sql.exec(`
    DROP TABLE IF EXISTS retrieval_fts;
    CREATE TEMP TABLE retrieval_fts AS
      SELECT doc_id,
             to_tsvector('simple', title || ' ' || content) AS simple_doc,
             to_tsvector('english', title || ' ' || content) AS english_doc
      FROM note_index WHERE live;`);
}

/** ts_rank_cd rankings (best first, up to `limit`) for every query, and the mean time per query. */
export async function rankByFullText(
  sql: SqlDriver,
  queries: readonly CorpusQuery[],
  mode: FullTextMode,
  limit = 50,
): Promise<{ rankings: Map<string, string[]>; msPerQuery: number }> {
  const column = mode.config === 'simple' ? 'simple_doc' : 'english_doc';
  const tsquery = mode.words === 'and' ? `plainto_tsquery('${mode.config}', $1)` : `to_tsquery('${mode.config}', $1)`;
  const statement = `
    SELECT doc_id FROM retrieval_fts, ${tsquery} AS q
    WHERE ${column} @@ q
    ORDER BY ts_rank_cd(${column}, q) DESC, doc_id
    LIMIT ${limit}`;
  const rankings = new Map<string, string[]>();
  const started = performance.now();
  for (const query of queries) {
    // Core's tokens are runs of letters and digits, so joining them with | is always a valid tsquery.
    const text = mode.words === 'and' ? query.query : [...new Set(tokenize(query.query))].join(' | ');
    const rows = text ? await sql.query<{ doc_id: string }>(statement, [text]) : [];
    rankings.set(
      query.id,
      rows.map((row) => row.doc_id),
    );
  }
  return { rankings, msPerQuery: (performance.now() - started) / Math.max(1, queries.length) };
}
