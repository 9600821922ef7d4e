/** LIM10: how fast one caller may call a metered route: a bucket of `burst` calls refilled at `perSecond`. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * LIM10: a token bucket per key (an access token's id). Pure: the caller passes `now` (ms). Buckets that
 * have refilled completely are forgotten, and at most `maxKeys` are kept (the least recently used go
 * first), so a flood of keys can't grow memory.
 * @example new RateLimiter({ perSecond: 10, burst: 30 }).take('token-1', 0) // 0 (allowed)
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one call from `key`'s bucket: 0 when allowed, else how many ms until one is free (nothing taken). */
  take(key: string, now: number): number {
    const bucket = this.refilled(key, now);
    if (bucket.tokens >= 1) {
      this.remember(key, { tokens: bucket.tokens - 1, at: now });
      return 0;
    }
    this.remember(key, bucket);
    return Math.ceil(((1 - bucket.tokens) / this.limit.perSecond) * 1000);
  }

  private refilled(key: string, now: number): { tokens: number; at: number } {
    const last = this.buckets.get(key);
    if (!last) return { tokens: this.limit.burst, at: now };
    const elapsed = Math.max(0, now - last.at) / 1000;
    return { tokens: Math.min(this.limit.burst, last.tokens + elapsed * this.limit.perSecond), at: now };
  }

  private remember(key: string, bucket: { tokens: number; at: number }): void {
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
  }
}
