import { describe, expect, it } from 'vitest';
import { median, percentile, summarize } from './stats';

describe('bench statistics', () => {
  it('[BEN1] a percentile is the nearest-rank sample: p50 of 1..10 is 6, p95 is 10, p0 the first', () => {
    const sorted = Array.from({ length: 10 }, (_, index) => index + 1);
    expect([percentile(sorted, 0), percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 100)]).toEqual([
      1, 6, 10, 10,
    ]);
    expect(percentile([], 50)).toBeNaN();
  });

  it('[BEN1] p95 of 200 samples leaves out the 9 slowest; samples come in any order', () => {
    const samples = Array.from({ length: 200 }, (_, index) => (index * 37) % 200);
    expect(summarize(samples)).toEqual({ p50: 100, p95: 190, max: 199 });
  });

  it('[BEN1] the median of an odd count is the middle sample, of an even count the upper middle', () => {
    expect(median([900, 120, 300, 80, 450])).toBe(300);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});
