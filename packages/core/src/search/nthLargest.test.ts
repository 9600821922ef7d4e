import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nthLargest } from './nthLargest';

describe('the n-th largest score', () => {
  it('[HYB6] equals the n-th of the values sorted in descending order, duplicates included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        (numbers, pick) => {
          const values = Float64Array.from(numbers);
          const n = (pick % numbers.length) + 1;
          const sorted = [...numbers].sort((a, b) => b - a);
          expect(nthLargest(values, values.length, n)).toBe(sorted[n - 1]);
          expect(Array.from(values)).toEqual(numbers);
        },
      ),
      { numRuns: 500 },
    );
  });
});
