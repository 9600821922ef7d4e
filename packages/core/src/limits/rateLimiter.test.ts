import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimiter';

describe('RateLimiter', () => {
  it('[LIM10] allows a burst, then one call per refill interval, and says how long to wait', () => {
    const limiter = new RateLimiter({ perSecond: 2, burst: 3 });
    expect([0, 0, 0].map(() => limiter.take('t', 0))).toEqual([0, 0, 0]);
    expect(limiter.take('t', 0)).toBe(500);
    expect(limiter.take('t', 499)).toBe(2);
    expect(limiter.take('t', 500)).toBe(0);
    expect(limiter.take('other', 500)).toBe(0);
  });

  it('[LIM10] never allows more than burst + rate × time calls, whatever the timing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }), (gaps) => {
        const limiter = new RateLimiter({ perSecond: 5, burst: 10 });
        let now = 0;
        let allowed = 0;
        for (const gap of gaps) {
          now += gap;
          if (limiter.take('t', now) === 0) allowed += 1;
        }
        expect(allowed).toBeLessThanOrEqual(10 + Math.floor((now / 1000) * 5) + 1);
      }),
    );
  });

  it('[LIM10] keeps at most maxKeys buckets', () => {
    const limiter = new RateLimiter({ perSecond: 1, burst: 1 }, 3);
    for (const key of ['a', 'b', 'c', 'd']) limiter.take(key, 0);
    // 'a' was forgotten: it starts with a full bucket again.
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('d', 0)).toBeGreaterThan(0);
  });
});
