import { describe, expect, it } from 'vitest';
import { hashedEmbedder } from '../embedder/hashedEmbedder';
import { tokenize } from '../embedder/tokenize';
import { rankCandidates, TITLE_BOOST, titleBoost } from './rankNotes';

function pack(texts: string[]): Float32Array {
  const matrix = new Float32Array(texts.length * 256);
  texts.forEach((text, row) => {
    matrix.set(hashedEmbedder.embed(text), row * 256);
  });
  return matrix;
}

describe('ranking', () => {
  it('[SRCH2] the title boost is the share of query tokens found in the title', () => {
    expect(titleBoost(tokenize('refund policy'), 'Refund policy')).toBeCloseTo(TITLE_BOOST);
    expect(titleBoost(tokenize('refund policy'), 'Refunds')).toBe(0);
    expect(titleBoost(tokenize('refund days'), 'Refund')).toBeCloseTo(TITLE_BOOST / 2);
    expect(titleBoost([], 'Anything')).toBe(0);
  });

  it('[SRCH1] the note whose text shares the query’s words ranks first; unrelated notes are left out', () => {
    const matrix = pack(['the office wifi password', 'refunds are paid within thirty days', 'holiday calendar']);
    const query = 'refunds within thirty days';
    const ranked = rankCandidates(
      hashedEmbedder.embed(query),
      tokenize(query),
      matrix,
      [0, 1, 2].map((row) => ({ row, title: `Note ${row}` })),
      10,
    );
    expect(ranked[0]?.row).toBe(1);
    expect(ranked.some((entry) => entry.row === 2)).toBe(false);
  });

  it('[SRCH1] only candidates are scored, and the limit holds', () => {
    const matrix = pack(['alpha beta', 'alpha beta', 'alpha beta']);
    const query = 'alpha';
    const ranked = rankCandidates(
      hashedEmbedder.embed(query),
      tokenize(query),
      matrix,
      [
        { row: 2, title: '' },
        { row: 0, title: '' },
      ],
      1,
    );
    expect(ranked).toEqual([{ row: 0, score: expect.any(Number) }]);
  });

  it('[SRCH2] a title match lifts a note above one that only mentions the words', () => {
    const matrix = pack([
      'support answers tickets about shipping accounts billing refund policy warranty returns invoices and more',
      'a refund is possible within thirty days',
    ]);
    const query = 'refund policy';
    const ranked = rankCandidates(
      hashedEmbedder.embed(query),
      tokenize(query),
      matrix,
      [
        { row: 0, title: 'Support handbook' },
        { row: 1, title: 'Refund policy' },
      ],
      2,
    );
    expect(ranked.map((entry) => entry.row)).toEqual([1, 0]);
  });
});
