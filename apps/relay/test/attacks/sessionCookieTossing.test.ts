import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from '../backends';
import { addPerson, type Person } from '../people';
import { startTestRelay, TEST_OWNER, type TestRelay } from '../relays';

// A page on a sibling subdomain, or any http page of the same host, can set a cookie named `baalda_session`
// for the relay's host: the browser then sends the attacker's session, and the victim writes their notes
// into the attacker's account. A `__Host-` cookie can only be set by the host itself over https, with
// Path=/ and no Domain (RFC 6265bis), so no one else can plant or overwrite it.
describe('the session cookie behind https (ACC8)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let mallory: Person;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target, { edge: { publicUrl: new URL('https://notes.example.org') } });
    mallory = await addPerson(relay, 'mallory', 'viewer');
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  const signIn = () =>
    fetch(`${relay.httpUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_OWNER),
    });
  const whoIs = async (cookie: string) =>
    (
      (await (await fetch(`${relay.httpUrl}/api/auth/state`, { headers: { cookie } })).json()) as {
        user: { email: string } | null;
      }
    ).user?.email ?? null;

  it('[ACC8] the session rides in __Host-baalda_session: Secure, Path=/, no Domain; the plain name is cleared', async () => {
    const cookies = (await signIn()).headers.getSetCookie();
    expect(cookies[0]).toMatch(
      /^__Host-baalda_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
    );
    expect(cookies.slice(1)).toEqual(['baalda_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure']);
  });

  it('[ACC8] a session tossed in under the plain name does not replace the __Host- session', async () => {
    const owner = (await signIn()).headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const tossed = mallory.cookie.replace(/^[^=]*=/, 'baalda_session=');
    expect(await whoIs(`${tossed}; ${owner}`)).toBe(TEST_OWNER.email);
    expect(await whoIs(`${owner}; ${tossed}`)).toBe(TEST_OWNER.email);
  });

  it('[ACC8] a session set before the prefix (plain name) still works, and sign-out ends both', async () => {
    const owner = (await signIn()).headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const older = ((await signIn()).headers.getSetCookie()[0]?.split(';')[0] ?? '').replace(
      /^[^=]*=/,
      'baalda_session=',
    );
    expect(await whoIs(older)).toBe(TEST_OWNER.email);
    const signedOut = await fetch(`${relay.httpUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${owner}; ${older}` },
      body: '{}',
    });
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.getSetCookie().map((cookie) => cookie.split(';')[0])).toEqual([
      '__Host-baalda_session=',
      'baalda_session=',
    ]);
    expect(await whoIs(owner)).toBeNull();
    expect(await whoIs(older)).toBeNull();
  });
});
