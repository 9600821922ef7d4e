import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE, SignInThrottle } from './signInThrottle';

const T0 = Date.UTC(2026, 11, 1, 9);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const WINDOW = SIGN_IN_THROTTLE.windowMs;
const ALICE = 'alice@example.org';
const BOB = 'bob@example.org';
const HOME = '203.0.113.7';
const CAFE = '198.51.100.23';

function failTimes(throttle: SignInThrottle, times: number, email: string, address: string, at = T0): void {
  for (let i = 0; i < times; i += 1) throttle.recordFailure(email, address, at);
}

/** White-box: how many keys the throttle remembers (the memory ACC6 bounds), the larger of its two maps. */
function keyCount(throttle: SignInThrottle): number {
  const maps = throttle as unknown as { failures: Map<string, number[]>; knownSince: Map<string, number> };
  return Math.max(maps.failures.size, maps.knownSince.size);
}

describe('SignInThrottle', () => {
  it('[ACC6] the window is 15 minutes, 5 failures per account and address, 20 per address, 20 per account', () => {
    expect(SIGN_IN_THROTTLE).toMatchObject({
      windowMs: 15 * MINUTE,
      perAccountAndAddress: 5,
      perAddress: 20,
      perAccount: 20,
      knownAddressMs: 30 * 24 * 60 * MINUTE,
    });
  });

  it('[ACC6] a guess at one account spread over 20 addresses holds a new address back for the window', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 19; i += 1) throttle.recordFailure(ALICE, `10.0.0.${i}`, T0 + i * SECOND);
    expect(throttle.retryAfterMs(ALICE, '10.0.1.1', T0 + MINUTE)).toBe(0);
    throttle.recordFailure(ALICE, '10.0.0.19', T0 + MINUTE);
    expect(throttle.retryAfterMs(ALICE, '10.0.1.1', T0 + MINUTE)).toBe(WINDOW - MINUTE);
    // Other accounts are not held back by it, from anywhere.
    expect(throttle.retryAfterMs(BOB, '10.0.1.1', T0 + MINUTE)).toBe(0);
    // Bounded: refused attempts are not failures, so the hold lifts when the oldest failure leaves the window.
    expect(throttle.retryAfterMs(ALICE, '10.0.1.1', T0 + WINDOW - SECOND)).toBe(SECOND);
    expect(throttle.retryAfterMs(ALICE, '10.0.1.1', T0 + WINDOW)).toBe(0);
  });

  it('[ACC6] the owner still signs in from an address they signed in from before, while strangers guess', () => {
    const throttle = new SignInThrottle();
    throttle.recordSuccess(ALICE, HOME, T0);
    for (let i = 0; i < 40; i += 1) throttle.recordFailure(ALICE, `10.0.0.${i}`, T0 + MINUTE);
    expect(throttle.retryAfterMs(ALICE, CAFE, T0 + MINUTE)).toBeGreaterThan(0);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + MINUTE)).toBe(0);
  });

  it('[ACC6] an address stays known to its account for 30 days after its last sign-in', () => {
    const throttle = new SignInThrottle();
    const month = SIGN_IN_THROTTLE.knownAddressMs;
    throttle.recordSuccess(ALICE, HOME, T0);
    for (let i = 0; i < 20; i += 1) throttle.recordFailure(ALICE, `10.0.0.${i}`, T0 + month);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + month)).toBe(WINDOW);
    throttle.recordSuccess(ALICE, HOME, T0 + month - 1);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + month)).toBe(0);
    // Another account's known address is no pass for this one.
    expect(throttle.retryAfterMs(ALICE, CAFE, T0 + month)).toBe(WINDOW);
    throttle.recordSuccess(BOB, CAFE, T0 + month);
    expect(throttle.retryAfterMs(ALICE, CAFE, T0 + month)).toBe(WINDOW);
  });

  it('[ACC6] four failures let a fifth attempt through; five lock the account from that address', () => {
    const throttle = new SignInThrottle();
    expect(throttle.retryAfterMs(ALICE, HOME, T0)).toBe(0);
    failTimes(throttle, 4, ALICE, HOME);
    expect(throttle.retryAfterMs(ALICE, HOME, T0)).toBe(0);
    throttle.recordFailure(ALICE, HOME, T0);
    expect(throttle.retryAfterMs(ALICE, HOME, T0)).toBe(WINDOW);
  });

  it('[ACC6] the lock lasts for the rest of the window of the oldest counted failure, then lifts', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(ALICE, HOME, T0 + i * MINUTE);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + 4 * MINUTE)).toBe(11 * MINUTE);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + WINDOW - 1)).toBe(1);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + WINDOW)).toBe(0);
  });

  it('[ACC6] the window slides: old failures stop counting one by one', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(ALICE, HOME, T0 + i * MINUTE);
    // At 15 min the first failure has left the window; one more failure locks again until it is 16 min.
    throttle.recordFailure(ALICE, HOME, T0 + WINDOW);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + WINDOW)).toBe(MINUTE);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + WINDOW + MINUTE)).toBe(0);
  });

  it('[ACC6] a locked account stays open to its owner elsewhere, and the address to other accounts', () => {
    const throttle = new SignInThrottle();
    failTimes(throttle, 5, ALICE, HOME);
    expect(throttle.retryAfterMs(ALICE, HOME, T0)).toBeGreaterThan(0);
    expect(throttle.retryAfterMs(ALICE, CAFE, T0)).toBe(0);
    expect(throttle.retryAfterMs(BOB, HOME, T0)).toBe(0);
  });

  it('[ACC6] 20 failures from one address across accounts lock every account from that address', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 19; i += 1) throttle.recordFailure(`user${i}@example.org`, HOME, T0 + i * SECOND);
    expect(throttle.retryAfterMs('carol@example.org', HOME, T0 + MINUTE)).toBe(0);
    throttle.recordFailure('user19@example.org', HOME, T0 + MINUTE);
    expect(throttle.retryAfterMs('carol@example.org', HOME, T0 + MINUTE)).toBe(WINDOW - MINUTE);
    expect(throttle.retryAfterMs('carol@example.org', CAFE, T0 + MINUTE)).toBe(0);
    expect(throttle.retryAfterMs('carol@example.org', HOME, T0 + WINDOW)).toBe(0);
  });

  it('[ACC6] a success clears its account and address, so a typo after a success starts from zero', () => {
    const throttle = new SignInThrottle();
    failTimes(throttle, 4, ALICE, HOME);
    throttle.recordSuccess(ALICE, HOME, T0);
    failTimes(throttle, 4, ALICE, HOME);
    expect(throttle.retryAfterMs(ALICE, HOME, T0)).toBe(0);
  });

  it('[ACC6] a success does not clear the address count, so spraying many accounts stays slowed', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 19; i += 1) throttle.recordFailure(`user${i}@example.org`, HOME, T0);
    throttle.recordSuccess(ALICE, HOME, T0);
    throttle.recordSuccess('user0@example.org', HOME, T0);
    throttle.recordFailure(ALICE, HOME, T0);
    expect(throttle.retryAfterMs(BOB, HOME, T0)).toBe(WINDOW);
  });

  it('[ACC6] a success for one account leaves another account’s lock from the same address in place', () => {
    const throttle = new SignInThrottle();
    failTimes(throttle, 5, ALICE, HOME);
    throttle.recordSuccess(BOB, HOME, T0);
    expect(throttle.retryAfterMs(ALICE, HOME, T0)).toBe(WINDOW);
  });

  it('[ACC6] remembers at most maxKeys keys, forgetting the least recently failed first', () => {
    const throttle = new SignInThrottle();
    failTimes(throttle, 5, ALICE, HOME);
    let most = 0;
    // Each failure from a new address makes two keys (the address, and the account at it).
    for (let i = 0; i < SIGN_IN_THROTTLE.maxKeys; i += 1) {
      throttle.recordFailure(BOB, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, T0 + 1);
      most = Math.max(most, keyCount(throttle));
    }
    expect(most).toBe(SIGN_IN_THROTTLE.maxKeys);
    expect(throttle.retryAfterMs(ALICE, HOME, T0 + 1)).toBe(0);
  });

  it('[ACC6] whatever happens, the throttle never holds more than maxKeys keys', () => {
    const event = fc.record({
      kind: fc.constantFrom('failure', 'failure', 'success', 'check'),
      email: fc.integer({ min: 0, max: 40 }),
      address: fc.integer({ min: 0, max: 40 }),
      elapsed: fc.integer({ min: 0, max: 2 * MINUTE }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(event, { maxLength: 150 }), (room, events) => {
        const throttle = new SignInThrottle();
        // Fill up to just under the bound, so the random events cross it.
        const flood = Math.floor((SIGN_IN_THROTTLE.maxKeys - room) / 2);
        for (let i = 0; i < flood; i += 1) throttle.recordFailure('x', `flood-${i}`, T0);
        let now = T0;
        for (const { kind, email, address, elapsed } of events) {
          now += elapsed;
          const [who, where] = [`user${email}@example.org`, `192.0.2.${address}`];
          if (kind === 'failure') throttle.recordFailure(who, where, now);
          else if (kind === 'success') throttle.recordSuccess(who, where, now);
          else throttle.retryAfterMs(who, where, now);
          expect(keyCount(throttle)).toBeLessThanOrEqual(SIGN_IN_THROTTLE.maxKeys);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('[ACC6] agrees with a model that keeps every failure and counts those in the window, per pair, address and account', () => {
    const event = fc.record({
      kind: fc.constantFrom('failure', 'failure', 'failure', 'success'),
      email: fc.constantFrom(ALICE, BOB, 'carol@example.org'),
      address: fc.constantFrom(HOME, CAFE),
      elapsed: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 * MINUTE }), fc.constant(WINDOW)),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 120 }), (events) => {
        const throttle = new SignInThrottle();
        const failures: Array<{ email: string; address: string; at: number; cleared: boolean }> = [];
        // A run lasts far less than knownAddressMs, so an address once signed in from stays known.
        const known = new Set<string>();
        const waitFor = (times: number[], allowed: number, now: number) => {
          const recent = times.filter((at) => now - at < WINDOW).sort((a, b) => b - a);
          return recent.length < allowed ? 0 : (recent[allowed - 1] ?? 0) + WINDOW - now;
        };
        let now = T0;
        for (const { kind, email, address, elapsed } of events) {
          now += elapsed;
          if (kind === 'failure') {
            throttle.recordFailure(email, address, now);
            failures.push({ email, address, at: now, cleared: false });
          } else {
            throttle.recordSuccess(email, address, now);
            known.add(`${email} ${address}`);
            for (const f of failures) if (f.email === email && f.address === address) f.cleared = true;
          }
          for (const who of [ALICE, BOB, 'carol@example.org'])
            for (const where of [HOME, CAFE]) {
              const fromHere = failures.filter((f) => f.address === where);
              const forWho = failures.filter((f) => f.email === who);
              const expected = Math.max(
                waitFor(
                  fromHere.filter((f) => f.email === who && !f.cleared).map((f) => f.at),
                  SIGN_IN_THROTTLE.perAccountAndAddress,
                  now,
                ),
                waitFor(
                  fromHere.map((f) => f.at),
                  SIGN_IN_THROTTLE.perAddress,
                  now,
                ),
                known.has(`${who} ${where}`)
                  ? 0
                  : waitFor(
                      forWho.map((f) => f.at),
                      SIGN_IN_THROTTLE.perAccount,
                      now,
                    ),
              );
              expect(throttle.retryAfterMs(who, where, now)).toBe(expected);
            }
        }
      }),
      { numRuns: 300 },
    );
  });
});
