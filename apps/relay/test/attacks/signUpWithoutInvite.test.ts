import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scryptDerivationsSoFar } from '../../src/access/passwords';
import { pgliteBackend } from '../backends';
import { startTestRelay, TEST_OWNER, type TestRelay } from '../relays';

// A stranger without an invite posts sign-ups to make the relay hash passwords: each hash is 128 MiB and most
// of a second at the real cost, so a few of them in a row held a real sign-in up for seconds. Counted in
// scrypt derivations, not in time, so the test says the same on a loaded machine.
describe('sign-ups without an invite (ACC11)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let now = Date.UTC(2026, 11, 1, 12);

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target, { clock: () => new Date(now) });
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  const signUp = (body: Record<string, unknown>) =>
    fetch(`${relay.httpUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const codeOf = async (response: Response) => ((await response.json()) as { error?: { code: string } }).error?.code;

  it('[ACC11] four sign-ups without an invite hash no password, even while a sign-in is hashing', async () => {
    const before = scryptDerivationsSoFar();
    const signIn = fetch(`${relay.httpUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_OWNER),
    });
    const refused = await Promise.all(
      ['mallory', 'mallory2', 'mallory3', TEST_OWNER.email].map((name) =>
        signUp({ email: name.includes('@') ? name : `${name}@x.org`, password: 'a long enough password' }),
      ),
    );
    expect(await Promise.all(refused.map(codeOf))).toEqual([
      'INVITE_REQUIRED',
      'INVITE_REQUIRED',
      'INVITE_REQUIRED',
      'INVITE_REQUIRED',
    ]);
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    expect((await signIn).status).toBe(200);
    // The sign-in's own check, and nothing for the four refusals.
    expect(scryptDerivationsSoFar() - before).toBe(1);
  });

  it('[ACC11] an unknown invite is refused without hashing too', async () => {
    const before = scryptDerivationsSoFar();
    const refused = await signUp({ email: 'eve@x.org', password: 'a long enough password', invite: 'x'.repeat(43) });
    expect(await codeOf(refused)).toBe('INVITE_INVALID');
    expect(scryptDerivationsSoFar()).toBe(before);
  });

  it('[ACC11] one address gets 20 sign-up attempts at once, then one every 30 s, with Retry-After', async () => {
    now += 3_600_000;
    const codes: Array<string | undefined> = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      codes.push(await codeOf(await signUp({ email: `spam${attempt}@x.org`, password: 'a long enough password' })));
    }
    expect(codes.slice(0, 20).every((code) => code === 'INVITE_REQUIRED')).toBe(true);
    const throttled = await signUp({ email: 'spam@x.org', password: 'a long enough password' });
    expect(throttled.status).toBe(429);
    expect(await codeOf(throttled)).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    now += 30_000;
    expect(await codeOf(await signUp({ email: 'later@x.org', password: 'a long enough password' }))).toBe(
      'INVITE_REQUIRED',
    );
  });
});
