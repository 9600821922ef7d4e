import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from './backends';
import { addPerson, type Person } from './people';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';

const SQL = ["'; DROP TABLE app_user; --", "x' OR '1'='1", 'a"b\\c%_', '$1; SELECT pg_sleep(5)', '\u0000nul'];

describe('hostile input at the access routes (ACL, ACC, LIM3)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let alice: Person;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    alice = await addPerson(relay, 'alice', 'owner');
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  async function counts(): Promise<string> {
    const tokens = (await (await adminFetch(relay, '/api/admin/tokens')).json()) as { tokens: unknown[] };
    const members = await authedFetch(relay, '/api/vaults/default/members');
    const vaults = await alice.browserFetch('/api/vaults');
    return JSON.stringify([tokens.tokens.length, await members.json(), await vaults.json()]);
  }

  it('[ACC8, ACC7] malformed cookies and tokens are 401, never 500', async () => {
    const headers: Array<Record<string, string>> = [
      { cookie: 'baalda_session=' },
      { cookie: 'baalda_session=../../etc/passwd' },
      { cookie: `baalda_session=${'A'.repeat(43)}` },
      { cookie: `baalda_session=${'A'.repeat(7000)}` },
      { cookie: 'baalda_session=%00%ff; baalda_session=\u00e9' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer a b' },
      { authorization: 'Basic YWxpY2U6cGFzc3dvcmQ=' },
      { authorization: `Bearer baalda_pat_${'A'.repeat(43)}` },
      { authorization: `Bearer ${SQL[1]}` },
      { authorization: `Bearer ${'x'.repeat(9000)}` },
    ];
    for (const header of headers) {
      const response = await fetch(`${relay.httpUrl}/api/vaults/default/tree`, { headers: header });
      expect(response.status, JSON.stringify(header).slice(0, 80)).toBe(401);
    }
    const state = await fetch(`${relay.httpUrl}/api/auth/state`, { headers: { cookie: 'baalda_session=junk' } });
    expect(await state.json()).toMatchObject({ user: null });
  });

  it('[ACC1–ACC4, ACL2] SQL metacharacters in every field get a clear 4xx or are stored as plain text; nothing else changes', async () => {
    const before = await counts();
    for (const evil of SQL) {
      const answers = await Promise.all([
        post('/api/auth/signup', { email: evil, password: 'long enough password' }),
        post('/api/auth/signin', { email: `${evil}@x.org`, password: evil }),
        alice.browserFetch('/api/vaults/default/restrictions', {
          method: 'PUT',
          body: JSON.stringify({ path: evil, members: [alice.userId] }),
        }),
        alice.browserFetch('/api/vaults/default/restrictions', {
          method: 'PUT',
          body: JSON.stringify({ path: 'Ok', members: [evil] }),
        }),
        alice.browserFetch(`/api/vaults/default/members/${encodeURIComponent(evil)}`, {
          method: 'PUT',
          body: JSON.stringify({ role: 'owner' }),
        }),
        alice.browserFetch('/api/tokens', { method: 'POST', body: JSON.stringify({ name: 'ok', vaultId: evil }) }),
        alice.browserFetch(`/api/tokens/${encodeURIComponent(evil)}`, { method: 'DELETE' }),
        alice.browserFetch(`/api/vaults/${encodeURIComponent(evil)}/members`),
        fetch(`${relay.httpUrl}/api/invites/${encodeURIComponent(evil)}`),
        alice.fetch(`/api/vaults/default/search?q=${encodeURIComponent(evil)}&folder=${encodeURIComponent(evil)}`),
      ]);
      for (const answer of answers) {
        expect(answer.status, `${answer.url} ${evil}`).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${answer.url} ${evil}`).toBeLessThan(500);
      }
    }
    expect(await counts()).toBe(before);
    // A name with metacharacters is a name: stored and shown as typed.
    const vault = await alice.browserFetch('/api/vaults', {
      method: 'POST',
      body: JSON.stringify({ name: "Robert'); DROP TABLE vault;--" }),
    });
    expect(vault.status).toBe(201);
    expect(await vault.json()).toEqual({
      vault: {
        id: expect.stringMatching(/^robert-drop-table-vault-[a-z0-9]{8}$/),
        name: "Robert'); DROP TABLE vault;--",
        role: 'owner',
      },
    });
    expect((await alice.fetch('/api/vaults/default/tree')).status).toBe(200);
  });

  it('[LIM3] an oversized body is 413 and the relay keeps serving', async () => {
    const response = await alice.browserFetch('/api/vaults', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await fetch(`${relay.httpUrl}/api/health`)).status).toBe(200);
  });

  it('[ACC8] a cookie change from another site’s page is refused (ORIGIN_REFUSED) and writes nothing', async () => {
    const before = await counts();
    const response = await alice.browserFetch('/api/tokens', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: JSON.stringify({ name: 'stolen', vaultId: 'default' }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('ORIGIN_REFUSED');
    expect(await counts()).toBe(before);
    const own = await alice.browserFetch('/api/tokens', {
      method: 'POST',
      headers: { origin: relay.httpUrl },
      body: JSON.stringify({ name: 'mine', vaultId: 'default' }),
    });
    expect(own.status).toBe(201);
  });

  it('[ACC10] admin routes need the admin key', async () => {
    for (const authorization of ['', `Bearer ${relay.token}`, 'Bearer wrong']) {
      const response = await fetch(`${relay.httpUrl}/api/admin/tokens`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
    }
  });

  function post(path: string, body: unknown): Promise<Response> {
    return fetch(`${relay.httpUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
});
