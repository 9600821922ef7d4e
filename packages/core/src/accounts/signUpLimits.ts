import type { RateLimit } from '../limits/rateLimiter';

/**
 * ACC11: how fast sign-ups may come (LIM10's token buckets). Every attempt counts against its address;
 * only attempts that will hash a password (the first account, or a valid invite) count against the relay's
 * one shared bucket, so strangers without an invite can't use it up and keep invited people out.
 */
export const SIGN_UP_LIMITS = {
  /** Sign-up attempts from one address: 20 at once, then one every 30 seconds. */
  perAddress: { perSecond: 1 / 30, burst: 20 },
  /** Sign-ups that hash a password, from anywhere: 20 at once, then one every 2 seconds. */
  hashing: { perSecond: 1 / 2, burst: 20 },
} as const satisfies Record<string, RateLimit>;
