import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acceptInvite,
  changePassword,
  createVault,
  fetchAuthState,
  readInvite,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
} from './authApi';
import { subscribeToSessionLoss } from './sessionLoss';

function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const alice = { id: 'u_alice', email: 'alice@example.com', name: 'Alice', isAdmin: true };

describe('the account API over fetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs in with a JSON POST and reads the user and vaults', async () => {
    const fetch = stubFetch(200, { user: alice, vaults: [{ id: 'default', name: 'Notes', role: 'owner' }] });
    expect(await signIn('alice@example.com', 'correct horse')).toMatchObject({ ok: true, user: alice });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/signin');
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
  });

  it('[ACC6] passes on SIGN_IN_FAILED, and TOO_MANY_ATTEMPTS with its Retry-After', async () => {
    stubFetch(401, { error: { code: 'SIGN_IN_FAILED', message: 'no' } });
    expect(await signIn('alice@example.com', 'wrong')).toMatchObject({ ok: false, code: 'SIGN_IN_FAILED' });
    stubFetch(429, { error: { code: 'TOO_MANY_ATTEMPTS', message: 'wait' } }, { 'retry-after': '42' });
    expect(await signIn('alice@example.com', 'wrong')).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      retryAfterSeconds: 42,
    });
  });

  it('refuses a sign-in answer without a readable user', async () => {
    stubFetch(200, { user: { email: 'alice@example.com' }, vaults: [] });
    expect(await signIn('alice@example.com', 'pw')).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
  });

  it('sends a sign-up with its invite only when there is one', async () => {
    const fetch = stubFetch(201, { user: alice, vaults: [] });
    await signUp({ email: 'bob@example.com', password: 'long enough pw', invite: 'secret' });
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'bob@example.com',
      password: 'long enough pw',
      invite: 'secret',
    });
  });

  it('reads the auth state, and a relay without the route as RESPONSE_INVALID', async () => {
    stubFetch(200, { user: null, signUpOpen: true, vaults: [] });
    expect(await fetchAuthState()).toMatchObject({ ok: true, state: { user: null, signUpOpen: true } });
    stubFetch(404, undefined);
    expect(await fetchAuthState()).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
  });

  it('reads an invite’s offer, escaping the secret in the URL, and an accepted vault', async () => {
    const fetch = stubFetch(200, { vaultName: 'Team', role: 'viewer', expiresAt: '2030-01-01T00:00:00Z' });
    expect(await readInvite('a/b')).toEqual({ ok: true, invite: { vaultName: 'Team', role: 'viewer' } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/invites/a%2Fb');
    stubFetch(200, { vault: { id: 'team', name: 'Team', role: 'viewer' } });
    expect(await acceptInvite('s')).toEqual({ ok: true, vault: { id: 'team', name: 'Team', role: 'viewer' } });
    stubFetch(201, { vault: { id: 'team', name: 'Team' } });
    expect(await createVault('Team')).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
  });

  it('signs out on a 204 with no body', async () => {
    stubFetch(204, undefined);
    expect(await signOut()).toEqual({ ok: true });
  });

  it('[ACC14] signs out everywhere with a POST to its own route', async () => {
    const fetch = stubFetch(204, undefined);
    expect(await signOutEverywhere()).toEqual({ ok: true });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/signout-everywhere');
  });

  it('[ACC12] changes the password with both passwords, and reads what the change ended', async () => {
    const fetch = stubFetch(200, { user: alice, endedSessions: 2, endedGrants: 1 });
    expect(await changePassword('old passphrase', 'new passphrase')).toEqual({
      ok: true,
      endedSessions: 2,
      endedGrants: 1,
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/password');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'old passphrase',
      newPassword: 'new passphrase',
    });
    stubFetch(403, { error: { code: 'PASSWORD_WRONG', message: 'no' } });
    expect(await changePassword('a guess', 'new passphrase')).toMatchObject({ ok: false, code: 'PASSWORD_WRONG' });
    stubFetch(200, { user: alice });
    expect(await changePassword('old passphrase', 'new passphrase')).toMatchObject({
      ok: false,
      code: 'RESPONSE_INVALID',
    });
  });

  it('tells the account gate when any call answers UNAUTHENTICATED (the session died)', async () => {
    const lost = vi.fn();
    const stop = subscribeToSessionLoss(lost);
    stubFetch(401, { error: { code: 'SIGN_IN_FAILED', message: 'no' } });
    await signIn('alice@example.com', 'wrong');
    expect(lost).not.toHaveBeenCalled();
    stubFetch(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } });
    await createVault('Team');
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });
});
