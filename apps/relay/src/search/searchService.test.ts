import { hashedEmbedder } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './searchIndex';
import { searchNotes } from './searchService';

describe('search requests', () => {
  const index = new SearchIndex(hashedEmbedder.name, hashedEmbedder.dimensions);
  const search = (query: string) => searchNotes(index, hashedEmbedder, { query, vaultId: 'v1', hidden: [] });

  it('[SRCH5, LIM8, MCP2] a query is measured in characters as people count them: 500 emoji pass, 501 do not', () => {
    expect(search('🦊'.repeat(500)).ok).toBe(true);
    expect(search('🦊'.repeat(501))).toMatchObject({ ok: false, code: 'SEARCH_INVALID' });
    expect(search('a'.repeat(501))).toMatchObject({ ok: false, code: 'SEARCH_INVALID' });
  });
});
