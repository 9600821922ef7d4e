import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import { pgliteBackend } from './backends';
import { addPerson } from './people';
import { adminFetch, startTestRelay, TEST_OWNER, type TestRelay } from './relays';

const DAY = 86_400_000;

describe('accounts, sessions and tokens (ACC, ACL3)', () => {
  let relay: TestRelay;
  let target: Awaited<ReturnType<typeof pgliteBackend.create>>;
  let now = Date.UTC(2026, 10, 30, 12);

  beforeAll(async () => {
    target = await pgliteBackend.create();
    relay = await startTestRelay(target.target, { clock: () => new Date(now) });
  });

  afterAll(async () => {
    await relay.close();
    await target.dispose();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${relay.httpUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const codeOf = async (response: Response) => ((await response.json()) as { error?: { code: string } }).error?.code;

  it('[ACC9] the first account became admin and owner; a later sign-up needs an invite', async () => {
    const state = await fetch(`${relay.httpUrl}/api/auth/state`);
    expect(await state.json()).toMatchObject({ user: null, signUpOpen: false });
    const signIn = await post('/api/auth/signin', TEST_OWNER);
    const body = (await signIn.json()) as { user: { isAdmin: boolean }; vaults: Array<{ id: string; role: string }> };
    expect(body.user.isAdmin).toBe(true);
    expect(body.vaults).toEqual([{ id: 'default', name: 'Notes', role: 'owner' }]);
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^baalda_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const stranger = await post('/api/auth/signup', { email: 'mallory@x.org', password: 'long enough password' });
    expect(stranger.status).toBe(403);
    expect(await codeOf(stranger)).toBe('INVITE_REQUIRED');
  });

  it('[ACC9, ACL1] an invite link signs a person up into its vault with its role, once', async () => {
    const owner = await post('/api/auth/signin', TEST_OWNER);
    const cookie = (owner.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const invite = await post('/api/vaults/default/invites', { role: 'viewer' }, { cookie });
    expect(invite.status).toBe(201);
    const { secret } = (await invite.json()) as { secret: string };
    expect(await (await fetch(`${relay.httpUrl}/api/invites/${secret}`)).json()).toMatchObject({
      vaultName: 'Notes',
      role: 'viewer',
    });
    const joined = await post('/api/auth/signup', {
      email: 'Vera@Example.org',
      password: 'vera has a password',
      invite: secret,
    });
    expect(joined.status).toBe(201);
    expect(((await joined.json()) as { vaults: unknown[] }).vaults).toEqual([
      { id: 'default', name: 'Notes', role: 'viewer' },
    ]);
    const again = await post('/api/auth/signup', {
      email: 'other@example.org',
      password: 'another long one',
      invite: secret,
    });
    expect(await codeOf(again)).toBe('INVITE_INVALID');
    const twice = await post('/api/auth/signup', { email: 'vera@example.org', password: 'vera has a password' });
    expect(twice.status).toBe(403);
  });

  it('[ACC6] five wrong passwords lock that account from that address for the window; the right one then waits too', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post('/api/auth/signin', { email: 'vera@example.org', password: 'not the password' });
      expect(await codeOf(wrong)).toBe('SIGN_IN_FAILED');
    }
    const locked = await post('/api/auth/signin', { email: 'vera@example.org', password: 'vera has a password' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    const unknown = await post('/api/auth/signin', { email: 'nobody@example.org', password: 'whatever it is' });
    expect(await codeOf(unknown)).toBe('SIGN_IN_FAILED');
    now += 16 * 60_000;
    expect(
      (await post('/api/auth/signin', { email: 'vera@example.org', password: 'vera has a password' })).status,
    ).toBe(200);
  });

  it('[ACC8] signing out ends the session: its cookie is refused afterwards', async () => {
    const signedIn = await post('/api/auth/signin', TEST_OWNER);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await fetch(`${relay.httpUrl}/api/vaults/default/tree`, { headers: { cookie } })).status).toBe(200);
    const out = await post('/api/auth/signout', {}, { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await fetch(`${relay.httpUrl}/api/vaults/default/tree`, { headers: { cookie } })).status).toBe(401);
  });

  it('[ACL3] an expired token gets 401 with WWW-Authenticate; a read-only one reads but never writes', async () => {
    const person = await addPerson(relay, 'tia', 'editor');
    const minted = await adminFetch(relay, '/api/admin/tokens', {
      method: 'POST',
      body: JSON.stringify({ email: person.email, vaultId: 'default', expiresInDays: 1, readOnly: true }),
    });
    const { secret } = (await minted.json()) as { secret: string };
    const as = (path: string, init: RequestInit = {}) =>
      fetch(`${relay.httpUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      });
    expect((await as('/api/vaults/default/tree')).status).toBe(200);
    const write = await as('/api/vaults/default/ops', {
      method: 'POST',
      body: JSON.stringify({ ops: [{ opId: 'readOnlyOp00000001', kind: 'createFolder', path: 'RO' }] }),
    });
    expect(((await write.json()) as { results: Array<{ code: string }> }).results[0]?.code).toBe('FORBIDDEN');
    now += 2 * DAY;
    const expired = await as('/api/vaults/default/tree');
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer realm="baalda"');
  });

  it('[ACL3] tokens cannot manage tokens or members: those need a signed-in browser', async () => {
    const response = await fetch(`${relay.httpUrl}/api/tokens`, {
      headers: { authorization: `Bearer ${relay.token}` },
    });
    expect(response.status).toBe(403);
  });

  it('[ACL1] the last owner cannot be demoted or removed', async () => {
    const signedIn = await post('/api/auth/signin', TEST_OWNER);
    const { user } = (await signedIn.json()) as { user: { id: string } };
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const demote = await fetch(`${relay.httpUrl}/api/vaults/default/members/${user.id}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'editor' }),
    });
    expect(await codeOf(demote)).toBe('LAST_OWNER');
    const remove = await fetch(`${relay.httpUrl}/api/vaults/default/members/${user.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(await codeOf(remove)).toBe('LAST_OWNER');
  });

  it('[ACC7, ACL3] tokens and sessions are stored only as SHA-256 hashes (the table is read directly)', async () => {
    await relay.close();
    const database = await openDatabase(target.target);
    try {
      const tokens = await database.prisma.$queryRaw<Array<Record<string, unknown>>>`SELECT * FROM access_token`;
      const sessions = await database.prisma.$queryRaw<Array<Record<string, unknown>>>`SELECT * FROM user_session`;
      const users = await database.prisma.$queryRaw<
        Array<{ password_hash: string }>
      >`SELECT password_hash FROM app_user`;
      expect(tokens.length).toBeGreaterThan(0);
      const stored = JSON.stringify([tokens, sessions, users]);
      expect(stored).not.toContain(relay.token);
      expect(stored).not.toContain(relay.token.slice('baalda_pat_'.length));
      for (const row of tokens) expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const row of users) expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
      expect(stored).not.toContain(TEST_OWNER.password);
    } finally {
      await database.close();
      relay = await startTestRelay(target.target, { clock: () => new Date(now) });
    }
  });
});
