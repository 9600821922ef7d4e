/** ACC6: how many failed sign-ins a window allows, per account + address and per address alone. */
export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failures for one email from one address: slows guessing one person's password. */
  perAccountAndAddress: 5,
  /** Failures from one address across emails: slows trying one password on many accounts. */
  perAddress: 20,
  /** Keys remembered at most; the oldest are forgotten first (bounds memory under a flood). */
  maxKeys: 50_000,
} as const;

/**
 * ACC6: counts failed sign-ins in a sliding window. Pure: the caller passes `now`. A success clears its
 * account + address key (not the address key, so spraying many accounts stays slowed). This is one relay's
 * own count; relays sharing Redis count in Redis with the same rules (SCALE8).
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  /** How long (ms) a sign-in from `address` for `emailKey` must wait; 0 when it may go ahead now. */
  retryAfterMs(emailKey: string, address: string, now: number): number {
    return Math.max(
      this.waitFor(`${address}\u0000${emailKey}`, SIGN_IN_THROTTLE.perAccountAndAddress, now),
      this.waitFor(address, SIGN_IN_THROTTLE.perAddress, now),
    );
  }

  /** Remembers one failed sign-in. */
  recordFailure(emailKey: string, address: string, now: number): void {
    this.push(`${address}\u0000${emailKey}`, now);
    this.push(address, now);
  }

  /** Forgets the failures for this account from this address after a successful sign-in. */
  recordSuccess(emailKey: string, address: string): void {
    this.failures.delete(`${address}\u0000${emailKey}`);
  }

  private waitFor(key: string, allowed: number, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < allowed) return 0;
    return (recent[recent.length - allowed] ?? now) + SIGN_IN_THROTTLE.windowMs - now;
  }

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => now - time < SIGN_IN_THROTTLE.windowMs);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  private push(key: string, now: number): void {
    const times = this.recent(key, now);
    // Only the newest `perAddress` failures can ever matter; more would only cost memory.
    this.failures.delete(key);
    this.failures.set(key, [...times, now].slice(-SIGN_IN_THROTTLE.perAddress));
    if (this.failures.size > SIGN_IN_THROTTLE.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }
}
