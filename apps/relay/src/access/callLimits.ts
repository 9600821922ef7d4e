import { type RateLimit, RateLimiter, SignInThrottle } from '@baalda/core';

// The limits access keeps on calls and sign-ins, as interfaces: one relay counts alone (below); a group of
// relays counts in Redis (scale/sharedLimits.ts), behind the same interfaces.

/** LIM10: takes one call from `key`'s bucket; 0 when allowed, else ms until one is free. */
export interface CallMeter {
  take(key: string, now: number): Promise<number>;
}

/** ACC6: failed sign-ins per account + address, per address and per account; addresses known to an account. */
export interface SignInGuard {
  retryAfterMs(emailKey: string, address: string, now: number): Promise<number>;
  recordFailure(emailKey: string, address: string, now: number): Promise<void>;
  recordSuccess(emailKey: string, address: string, now: number): Promise<void>;
}

/** Limits counted by one relay alone (no Redis). */
export function localCallMeter(limit: RateLimit): CallMeter {
  const limiter = new RateLimiter(limit);
  return { take: async (key, now) => limiter.take(key, now) };
}

export function localSignInGuard(): SignInGuard {
  const throttle = new SignInThrottle();
  return {
    retryAfterMs: async (emailKey, address, now) => throttle.retryAfterMs(emailKey, address, now),
    recordFailure: async (emailKey, address, now) => throttle.recordFailure(emailKey, address, now),
    recordSuccess: async (emailKey, address, now) => throttle.recordSuccess(emailKey, address, now),
  };
}
