/** ACC6: how many failed sign-ins a window allows, per account + address, per address and per account. */
export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failures for one email from one address: slows guessing one person's password. */
  perAccountAndAddress: 5,
  /** Failures from one address across emails: slows trying one password on many accounts. */
  perAddress: 20,
  /**
   * Failures for one email from every address together: bounds a guess spread over many addresses. It
   * holds back only addresses the account has not signed in from within `knownAddressMs`, so an attacker
   * can't keep its owner out from where they usually sign in.
   */
  perAccount: 20,
  /** How long a successful sign-in makes its address known to the account. */
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
  /** Keys remembered at most, of failures and of known addresses each; the oldest go first (bounds memory). */
  maxKeys: 50_000,
} as const;

// Only the newest failures up to the largest limit can ever matter; more would only cost memory.
const KEPT_FAILURES = Math.max(SIGN_IN_THROTTLE.perAddress, SIGN_IN_THROTTLE.perAccount);

/**
 * ACC6: counts failed sign-ins in a sliding window. Pure: the caller passes `now`. A success clears its
 * account + address key (not the address or account key, so spraying many accounts, or one account from
 * many addresses, stays slowed) and makes the address known to the account. This is one relay's own count;
 * relays sharing Redis count in Redis with the same rules (SCALE8).
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly knownSince = new Map<string, number>();

  /** How long (ms) a sign-in from `address` for `emailKey` must wait; 0 when it may go ahead now. */
  retryAfterMs(emailKey: string, address: string, now: number): number {
    const perAccount = this.isKnown(emailKey, address, now)
      ? 0
      : this.waitFor(accountKeyOf(emailKey), SIGN_IN_THROTTLE.perAccount, now);
    return Math.max(
      this.waitFor(pairKeyOf(emailKey, address), SIGN_IN_THROTTLE.perAccountAndAddress, now),
      this.waitFor(address, SIGN_IN_THROTTLE.perAddress, now),
      perAccount,
    );
  }

  /** Remembers one failed sign-in. */
  recordFailure(emailKey: string, address: string, now: number): void {
    this.push(pairKeyOf(emailKey, address), now);
    this.push(address, now);
    this.push(accountKeyOf(emailKey), now);
  }

  /** After a successful sign-in: forgets this account's failures from this address and knows the address. */
  recordSuccess(emailKey: string, address: string, now: number): void {
    const key = pairKeyOf(emailKey, address);
    this.failures.delete(key);
    this.knownSince.delete(key);
    this.knownSince.set(key, now);
    forgetOldest(this.knownSince);
  }

  private isKnown(emailKey: string, address: string, now: number): boolean {
    const since = this.knownSince.get(pairKeyOf(emailKey, address));
    return since !== undefined && now - since < SIGN_IN_THROTTLE.knownAddressMs;
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
    this.failures.delete(key);
    this.failures.set(key, [...times, now].slice(-KEPT_FAILURES));
    forgetOldest(this.failures);
  }
}

// Keys never collide: an address holds no NUL, and an email no NUL either (ACC1 refuses control characters).
function pairKeyOf(emailKey: string, address: string): string {
  return `${address}\u0000${emailKey}`;
}

function accountKeyOf(emailKey: string): string {
  return `\u0000${emailKey}`;
}

// Maps keep insertion order and every write re-inserts its key, so the first key is the least recently written.
function forgetOldest(map: Map<string, unknown>): void {
  if (map.size <= SIGN_IN_THROTTLE.maxKeys) return;
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
}
