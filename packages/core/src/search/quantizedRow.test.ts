import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashedEmbedder } from '../embedder/hashedEmbedder';
import { quantizeRow } from './quantizedRow';
import { dotQuantizedColumnMajor, dotQuantizedRowMajor, dotRowMajor, sparseQueryOf } from './sparseQuery';

const words = fc.array(fc.constantFrom('refund', 'policy', 'wifi', 'office', 'holiday', 'budget', 'atlas', 'days'), {
  minLength: 1,
  maxLength: 60,
});

describe('hashed vectors stored as int8', () => {
  it('[SRCH4, LEX4] the int8 cosine stays within 0.01 of the float32 one', () => {
    fc.assert(
      fc.property(words, words, (note, query) => {
        const vector = hashedEmbedder.embed(note.join(' '));
        const sparse = sparseQueryOf(hashedEmbedder.embed(query.join(' ')));
        const { values, scale } = quantizeRow(vector);
        const exact = dotRowMajor(sparse, vector, 0);
        expect(Math.abs(dotQuantizedRowMajor(sparse, values, 0, scale) - exact)).toBeLessThan(0.01);
      }),
    );
  });

  it('[SRCH4, LEX4] the relay’s column-major copy and the browser’s row-major one give the same bits', () => {
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 5 }), words, (notes, query) => {
        const rows = notes.map((note) => quantizeRow(hashedEmbedder.embed(note.join(' '))));
        const capacity = rows.length + 3;
        const columns = new Int8Array(256 * capacity);
        for (const [row, { values }] of rows.entries())
          for (let dim = 0; dim < 256; dim += 1) columns[dim * capacity + row] = values[dim] as number;
        const sparse = sparseQueryOf(hashedEmbedder.embed(query.join(' ')));
        for (const [row, { values, scale }] of rows.entries())
          expect(dotQuantizedColumnMajor(sparse, columns, capacity, row, Math.fround(scale))).toBe(
            dotQuantizedRowMajor(sparse, values, 0, scale),
          );
      }),
    );
  });

  it('[SRCH4, EMB5] a text without tokens stores zeros and scores 0', () => {
    const { values, scale } = quantizeRow(hashedEmbedder.embed(''));
    expect(scale).toBe(0);
    expect(values.every((value) => value === 0)).toBe(true);
  });

  it('[SRCH4] the largest magnitude maps to ±127', () => {
    expect(quantizeRow(Float32Array.of(0.6, -0.8))).toEqual({
      values: Int8Array.of(95, -127),
      scale: Math.fround(0.8 / 127),
    });
  });
});
