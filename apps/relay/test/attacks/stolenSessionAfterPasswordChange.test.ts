import { formatNoteDocumentName } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpId, postOps } from '../apiBody';
import { pgliteBackend } from '../backends';
import { eventually } from '../clients';
import { connectWithOAuth, consentThroughApi, MemoryOAuthClient } from '../oauthClients';
import { addPerson, type Person } from '../people';
import { adminFetch, sessionCookie, startTestRelay, type TestRelay } from '../relays';
import { openAs, type Session } from '../syncAs';

const NOTE = 'passwordChangeNote01';
const NEW_PASSWORD = 'a brand new passphrase';

// Mallory learned Alice's password and signed in on her own machine, and connected an assistant of hers
// with OAuth. Alice changes her password (or asks the operator to reset it, or signs out everywhere): each
// must end Mallory's session at once, her open socket included.
describe('ending sessions an attacker holds (ACC12, ACC14)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let alice: Person;
  const open: Session[] = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: NOTE, path: 'Diary.md', createdAt: Date.UTC(2026, 10, 30) },
    ]);
    alice = await addPerson(relay, 'alice', 'editor');
  });

  afterAll(async () => {
    for (const session of open) session.destroy();
    await relay.close();
    await dispose();
  });

  const post = (path: string, body: unknown, cookie: string) =>
    fetch(`${relay.httpUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const isSignedIn = async (cookie: string) =>
    (await fetch(`${relay.httpUrl}/api/vaults`, { headers: { cookie } })).status === 200;
  const codeOf = async (response: Response) => ((await response.json()) as { error?: { code: string } }).error?.code;
  const openSocket = async (cookie: string) => {
    const session = await openAs(relay.syncUrl, '', formatNoteDocumentName(NOTE), cookie);
    open.push(session);
    expect(session.synced()).toBe(true);
    return session;
  };

  it('[ACC12] changing a password ends every other session and OAuth grant, and keeps this one and the tokens', async () => {
    const mallory = await sessionCookie(relay.httpUrl, alice);
    const socket = await openSocket(mallory);
    const assistant = new MemoryOAuthClient('Mallory’s assistant');
    (
      await connectWithOAuth(relay.httpUrl, assistant, (url) =>
        consentThroughApi(url, mallory, { vaultId: 'default', readOnly: false }),
      )
    ).close();

    const wrong = await post('/api/auth/password', { currentPassword: 'a guess', newPassword: NEW_PASSWORD }, mallory);
    expect(wrong.status).toBe(403);
    expect(await codeOf(wrong)).toBe('PASSWORD_WRONG');

    const changed = await post(
      '/api/auth/password',
      { currentPassword: alice.password, newPassword: NEW_PASSWORD },
      alice.cookie,
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ user: { email: alice.email }, endedSessions: 1, endedGrants: 1 });
    expect(await isSignedIn(mallory)).toBe(false);
    await eventually(
      () => socket.denials.length > 0,
      () => `mallory's socket still open (closes: ${socket.closes()})`,
      5000,
    );
    expect(await isSignedIn(alice.cookie)).toBe(true);
    const refresh = await fetch(`${relay.httpUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: assistant.saved?.refresh_token ?? '',
        client_id: String(assistant.information?.client_id),
      }),
    });
    expect(refresh.status).toBe(400);
    // A personal token is a credential of its own, listed and revoked by hand: it keeps working.
    expect((await alice.fetch('/api/vaults/default/tree')).status).toBe(200);
    expect((await sessionCookieOrStatus(alice.password)).status).toBe(401);
    expect((await sessionCookieOrStatus(NEW_PASSWORD)).status).toBe(200);
  });

  it('[ACC14] signing out everywhere ends every session of the caller, this one too', async () => {
    const mallory = await sessionCookie(relay.httpUrl, { email: alice.email, password: NEW_PASSWORD });
    const socket = await openSocket(mallory);
    const mine = await sessionCookie(relay.httpUrl, { email: alice.email, password: NEW_PASSWORD });
    const out = await post('/api/auth/signout-everywhere', {}, mine);
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect([await isSignedIn(mallory), await isSignedIn(mine), await isSignedIn(alice.cookie)]).toEqual([
      false,
      false,
      false,
    ]);
    await eventually(
      () => socket.denials.length > 0,
      () => `mallory's socket still open (closes: ${socket.closes()})`,
      5000,
    );
  });

  it('[ACC13] an admin password reset ends every session of the account and sets the new password', async () => {
    const mallory = await sessionCookie(relay.httpUrl, { email: alice.email, password: NEW_PASSWORD });
    const reset = await adminFetch(relay, '/api/admin/users/password', {
      method: 'PUT',
      body: JSON.stringify({ email: alice.email, password: 'set by the operator' }),
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ user: { email: alice.email }, endedSessions: 1 });
    expect(await isSignedIn(mallory)).toBe(false);
    expect((await sessionCookieOrStatus(NEW_PASSWORD)).status).toBe(401);
    expect((await sessionCookieOrStatus('set by the operator')).status).toBe(200);
  });

  function sessionCookieOrStatus(password: string): Promise<Response> {
    return fetch(`${relay.httpUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: alice.email, password }),
    });
  }
});
