import {
  type Embedder,
  type Failure,
  fail,
  isValidVaultId,
  LIMITS,
  rankColumns,
  sparseQueryOf,
  tokenize,
  validateFolderPath,
} from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import type { SearchIndex, SearchPointer } from './searchIndex';

/** A scored pointer (SRCH3): never the note's text. */
export type SearchResult = SearchPointer & { readonly score: number };

/** What a caller asks (SRCH5). `caller` is who asks; until permissions exist every caller sees the vault. */
export interface SearchRequest {
  readonly query: string;
  readonly vaultId: string;
  readonly caller: string;
  readonly limit?: number;
  readonly folder?: string;
  readonly kind?: string;
}

/** SRCH5: checks a request and scores it against the in-memory copy. */
export function searchNotes(
  index: SearchIndex,
  embedder: Embedder,
  request: SearchRequest,
): { ok: true; results: SearchResult[] } | Failure<'SEARCH_INVALID'> {
  const problem = checkRequest(request);
  if (problem) return fail('SEARCH_INVALID', problem);
  const queryTokens = tokenize(request.query);
  const candidates = index.candidates(
    { vaultId: request.vaultId, folder: request.folder, kind: request.kind },
    queryTokens,
  );
  const ranked = rankColumns(
    sparseQueryOf(embedder.embed(request.query)),
    new Set(queryTokens).size,
    index.matrix,
    candidates,
    request.limit ?? 10,
  );
  const results: SearchResult[] = [];
  for (const { row, score } of ranked) {
    const pointer = index.pointerAt(row);
    if (pointer)
      results.push({ docId: pointer.docId, title: pointer.title, path: pointer.path, kind: pointer.kind, score });
  }
  return { ok: true, results };
}

function checkRequest(request: SearchRequest): string | null {
  const length = request.query.trim().length;
  if (length === 0 || request.query.length > LIMITS.maxSearchQueryLength) {
    return `q must be 1–${LIMITS.maxSearchQueryLength} characters.`;
  }
  const limit = request.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.maxSearchResults)
    return `limit must be 1–${LIMITS.maxSearchResults}.`;
  if (!isValidVaultId(request.vaultId)) return 'Unknown vault.';
  if (request.folder !== undefined && !validateFolderPath(request.folder).ok)
    return 'folder is not a valid folder path.';
  if (request.kind !== undefined && request.kind !== 'note') return 'kind must be "note".';
  return null;
}

/** Fills the in-memory copy from `note_index` (rows of this embedder with a vector; places of all). */
export async function loadSearchIndex(prisma: PrismaClient, index: SearchIndex): Promise<void> {
  const rows = await prisma.noteIndex.findMany();
  for (const row of rows) {
    const place = { vaultId: row.vaultId, path: row.path, live: row.live };
    index.setPlace(row.docId, place);
    if (row.embedder !== index.embedderName || row.vector.byteLength !== index.dimensions * 4) continue;
    const bytes = Buffer.from(row.vector);
    const vector = new Float32Array(index.dimensions);
    for (let position = 0; position < index.dimensions; position += 1)
      vector[position] = bytes.readFloatLE(position * 4);
    index.setContent(row.docId, vector, Number(row.version), place);
  }
}
