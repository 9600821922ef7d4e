import { describe, expect, it } from 'vitest';
import { hashedEmbedder } from '../embedder/hashedEmbedder';
import { tokenize } from '../embedder/tokenize';
import { rankCandidates, rankColumns } from './rankNotes';
import { sparseQueryOf } from './sparseQuery';
import { TopList } from './topList';

const WORDS = ['refund', 'policy', 'payments', 'on-call', 'wifi', 'holiday', 'invoice', 'release', 'büro', '東京'];

// A small deterministic generator (core has no randomness of its own, and tests need none from outside).
function wordsFor(seed: number, count: number): string {
  let state = seed * 2654435761;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return WORDS[state % WORDS.length];
  }).join(' ');
}

function toColumns(texts: readonly string[], capacity: number): Float32Array {
  const columns = new Float32Array(capacity * 256);
  texts.forEach((text, row) => {
    hashedEmbedder.embed(text).forEach((value, dim) => {
      columns[dim * capacity + row] = value;
    });
  });
  return columns;
}

describe('scoring the column-major copy', () => {
  it('[SRCH1] the relay’s column-major ranking equals the browser’s row-major one to the bit', () => {
    const texts = Array.from({ length: 300 }, (_, row) => wordsFor(row + 1, 5 + (row % 40)));
    const titles = texts.map((_, row) => wordsFor(row + 1000, 2));
    const matrix = new Float32Array(texts.length * 256);
    texts.forEach((text, row) => matrix.set(hashedEmbedder.embed(text), row * 256));
    const capacity = 512;
    const columns = toColumns(texts, capacity);
    for (const query of ['refund policy', 'payments on-call wifi', '東京 büro', 'holiday']) {
      const tokens = tokenize(query);
      const candidateRows = texts.map((_, row) => row).filter((row) => row % 3 !== 0);
      const expected = rankCandidates(
        hashedEmbedder.embed(query),
        tokens,
        matrix,
        candidateRows.map((row) => ({ row, title: titles[row] ?? '' })),
        10,
      );
      const titleHits = Uint8Array.from(candidateRows, (row) => {
        const present = new Set(tokenize(titles[row] ?? ''));
        return [...new Set(tokens)].filter((token) => present.has(token)).length;
      });
      const actual = rankColumns(
        sparseQueryOf(hashedEmbedder.embed(query)),
        new Set(tokens).size,
        { columns, capacity },
        { rows: Int32Array.from(candidateRows), count: candidateRows.length, titleHits },
        10,
      );
      expect(actual).toEqual(expected);
      expect(actual.length).toBeGreaterThan(0);
    }
  });

  it('[SRCH1] rows outside the candidate list are never returned, however well they match', () => {
    const columns = toColumns(['refund policy', 'refund policy', 'wifi'], 4);
    const ranked = rankColumns(
      sparseQueryOf(hashedEmbedder.embed('refund policy')),
      2,
      { columns, capacity: 4 },
      { rows: Int32Array.from([1, 2]), count: 2, titleHits: new Uint8Array(2) },
      10,
    );
    expect(ranked.map((entry) => entry.row)).toEqual([1]);
  });

  it('[SRCH1] a sparse query keeps exactly the nonzero dimensions, ascending', () => {
    const query = sparseQueryOf(new Float32Array([0, 0.6, 0, -0.8]));
    expect([...query.dims]).toEqual([1, 3]);
    expect([...query.weights]).toEqual([Math.fround(0.6), Math.fround(-0.8)]);
  });

  it('[SRCH1] the top list keeps the best `limit`, best first, ties to the lower row, nothing at or below 0', () => {
    const top = new TopList(3);
    for (const [row, score] of [
      [5, 0.5],
      [2, 0.5],
      [9, 0.9],
      [1, 0],
      [3, -0.2],
      [7, 0.1],
      [4, 0.7],
    ] as const)
      top.offer(row, score);
    expect(top.toArray()).toEqual([
      { row: 9, score: 0.9 },
      { row: 4, score: 0.7 },
      { row: 2, score: 0.5 },
    ]);
  });
});
