import { SIGN_IN_THROTTLE } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from '../backends';
import { addPerson, type Person } from '../people';
import { startTestRelay, type TestRelay } from '../relays';

// A botnet guesses one person's password, each guess from an address of its own, so the per-address counts
// never fill. The relay sits behind a proxy it trusts, which names the address in X-Forwarded-For.
describe('a password guess spread over many addresses (ACC6)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let alice: Person;
  let now = Date.UTC(2026, 11, 1, 12);

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target, { clock: () => new Date(now), edge: { trustProxy: true } });
    // Alice signs in once from her own address (the test's, without X-Forwarded-For).
    alice = await addPerson(relay, 'alice', 'editor');
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  const signIn = (password: string, address?: string) =>
    fetch(`${relay.httpUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
      body: JSON.stringify({ email: alice.email, password }),
    });
  const codeOf = async (response: Response) => ((await response.json()) as { error?: { code: string } }).error?.code;

  it('[ACC6] 20 wrong guesses at one account from 20 addresses hold every new address back, with Retry-After', async () => {
    for (let guess = 0; guess < SIGN_IN_THROTTLE.perAccount; guess += 1) {
      expect(await codeOf(await signIn(`guess number ${guess}`, `203.0.113.${guess + 1}`))).toBe('SIGN_IN_FAILED');
    }
    const held = await signIn(alice.password, '198.51.100.77');
    expect(held.status).toBe(429);
    expect(await codeOf(held)).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(held.headers.get('retry-after'))).toBe(SIGN_IN_THROTTLE.windowMs / 1000);
  });

  it('[ACC6] the owner still signs in from the address she signed in from before', async () => {
    expect((await signIn(alice.password)).status).toBe(200);
  });

  it('[ACC6] the hold is bounded: it lifts when the window has passed', async () => {
    now += SIGN_IN_THROTTLE.windowMs;
    expect((await signIn(alice.password, '198.51.100.77')).status).toBe(200);
  });
});
