import {
  decodeQuantized,
  dotQuantizedColumnMajor,
  type Embedder,
  type Failure,
  fail,
  isValidVaultId,
  LIMITS,
  lexicalTermsOf,
  rankNotes,
  sparseQueryOf,
  validateFolderFilter,
} from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import type { SearchIndex, SearchPointer } from './searchIndex';
import { decodeVector } from './vectorCodec';

/** A scored pointer (SRCH3): never the note's text. */
export type SearchResult = SearchPointer & { readonly score: number };

/**
 * What a caller asks (SRCH5). `hidden` are the keys of the private folders the caller is not a member of
 * (ACL5, `hiddenFolderKeys`): the route decides them, search only obeys.
 */
export interface SearchRequest {
  readonly query: string;
  readonly vaultId: string;
  readonly hidden: readonly string[];
  readonly limit?: number;
  readonly folder?: string;
  readonly kind?: string;
}

/** The answer to a search: pointers best first, or why the request was refused. */
export type SearchAnswer = { ok: true; results: SearchResult[] } | Failure<'SEARCH_INVALID'>;

/**
 * SRCH5: checks a request and scores it against the in-memory copy; with the query's semantic vector
 * (HYB1), meaning counts too.
 */
export function searchNotes(
  index: SearchIndex,
  embedder: Embedder,
  request: SearchRequest,
  queryMeaning?: Float32Array,
): SearchAnswer {
  const problem = checkSearchRequest(request);
  if (problem) return fail('SEARCH_INVALID', problem);
  const query = sparseQueryOf(embedder.embed(request.query));
  const { columns, scales, capacity } = index.matrix;
  const ranked = rankNotes({
    queryTerms: lexicalTermsOf(request.query),
    lexical: index.lexical,
    candidates: index.candidates({
      vaultId: request.vaultId,
      hidden: request.hidden,
      folder: request.folder,
      kind: request.kind,
    }),
    capacity: index.rowLimit,
    cosineAt: (row) => dotQuantizedColumnMajor(query, columns, capacity, row, scales[row] ?? 0),
    limit: request.limit ?? 10,
    semantic: queryMeaning && {
      similarityAt: (row) => index.semanticSimilarityAt(queryMeaning, row),
      similaritiesOf: (rows, count, out) => index.semantic.similarities(queryMeaning, rows, count, out),
      sampleKeys: index.sampleKeys,
    },
  });
  const results: SearchResult[] = [];
  for (const { row, score } of ranked) {
    const pointer = index.pointerAt(row);
    if (pointer)
      results.push({ docId: pointer.docId, title: pointer.title, path: pointer.path, kind: pointer.kind, score });
  }
  return { ok: true, results };
}

/** SRCH5: why a request can't be answered, or null. */
export function checkSearchRequest(request: SearchRequest): string | null {
  const length = request.query.trim().length;
  // Code points, as MCP's schema counts (MCP2): an emoji is one character to the person typing it.
  if (length === 0 || [...request.query].length > LIMITS.maxSearchQueryLength) {
    return `q must be 1–${LIMITS.maxSearchQueryLength} characters.`;
  }
  const limit = request.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.maxSearchResults)
    return `limit must be 1–${LIMITS.maxSearchResults}.`;
  if (!isValidVaultId(request.vaultId)) return 'Unknown vault.';
  if (request.folder !== undefined && !validateFolderFilter(request.folder).ok)
    return 'folder is not a valid folder path.';
  if (request.kind !== undefined && request.kind !== 'note' && request.kind !== 'attachment')
    return 'kind must be "note" or "attachment".';
  return null;
}

/** A `note_index` row as the in-memory copy needs it; text and vector only when of the copy's embedder. */
interface LoadedRow {
  readonly doc_id: string;
  readonly vault_id: string;
  readonly path: string;
  readonly live: boolean;
  readonly version: bigint;
  readonly content: string | null;
  readonly vector: string | null;
  readonly semantic: string | null;
  readonly semantic_version: bigint;
}

// Rows read per query when the copy is filled: a page of 10 KB notes is a few MB in flight, where one query
// for every row held all of them at once (in PGlite's WebAssembly memory, which never shrinks, and in the
// driver's buffers).
const LOAD_PAGE_ROWS = 250;

/** Fills the in-memory copy from `note_index` (rows of this embedder with a vector; places of all). */
export async function loadSearchIndex(prisma: PrismaClient, index: SearchIndex): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await readIndexPage(prisma, index, after);
    for (const row of rows) applyLoadedRow(index, row);
    const last = rows.at(-1);
    if (!last || rows.length < LOAD_PAGE_ROWS) return;
    after = last.doc_id;
  }
}

// Keyset pages in doc_id order (its primary key), so each page is an index range scan however many came before.
function readIndexPage(prisma: PrismaClient, index: SearchIndex, after: string): Promise<LoadedRow[]> {
  // Only rows this copy can score send their text (for its word index) and vector (EMB1). Vectors travel
  // as base64 text because PGlite's driver turns bytea into bytes one parseInt at a time.
  return prisma.$queryRaw<LoadedRow[]>`
    SELECT doc_id, vault_id, path, live, version,
           CASE WHEN embedder = ${index.embedderName} THEN content END AS content,
           CASE WHEN embedder = ${index.embedderName} THEN encode(vector, 'base64') END AS vector,
           CASE WHEN semantic_embedder = ${semanticNameOf(index)} THEN encode(semantic, 'base64') END AS semantic,
           semantic_version
    FROM note_index WHERE doc_id > ${after} ORDER BY doc_id LIMIT ${LOAD_PAGE_ROWS}`;
}

/**
 * SCALE3: re-reads some rows another relay committed; a row no longer in the table leaves the copy
 * (IDX4). The version guard (IDX2) keeps a newer text this copy already holds.
 */
export async function reloadSearchRows(
  prisma: PrismaClient,
  index: SearchIndex,
  docIds: readonly string[],
): Promise<void> {
  const ids = [...docIds];
  const rows = await prisma.$queryRaw<LoadedRow[]>`
    SELECT doc_id, vault_id, path, live, version,
           CASE WHEN embedder = ${index.embedderName} THEN content END AS content,
           CASE WHEN embedder = ${index.embedderName} THEN encode(vector, 'base64') END AS vector,
           CASE WHEN semantic_embedder = ${semanticNameOf(index)} THEN encode(semantic, 'base64') END AS semantic,
           semantic_version
    FROM note_index WHERE doc_id = ANY(${ids})`;
  const found = new Set<string>();
  for (const row of rows) {
    found.add(row.doc_id);
    applyLoadedRow(index, row);
  }
  for (const docId of ids) if (!found.has(docId)) index.remove(docId);
}

// A name no row has: with no encoder, no row's semantic vectors are sent.
const NO_ENCODER = '';

function semanticNameOf(index: SearchIndex): string {
  return index.semanticEncoder?.name ?? NO_ENCODER;
}

function applyLoadedRow(index: SearchIndex, row: LoadedRow): void {
  const place = { vaultId: row.vault_id, path: row.path, live: row.live };
  index.setPlace(row.doc_id, place);
  const vector = row.vector === null ? null : decodeVector(Buffer.from(row.vector, 'base64'), index.dimensions);
  if (vector) index.setContent(row.doc_id, vector, Number(row.version), place, row.content ?? '');
  const encoder = index.semanticEncoder;
  const semantic =
    row.semantic === null || !encoder ? null : decodeQuantized(Buffer.from(row.semantic, 'base64'), encoder.dimensions);
  if (semantic) index.setSemantic(row.doc_id, semantic, Number(row.semantic_version));
}
