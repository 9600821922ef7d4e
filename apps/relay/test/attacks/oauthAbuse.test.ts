import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from '../backends';
import { requestWithHost } from '../hostRequests';
import { consentThroughApi, TEST_REDIRECT_URI } from '../oauthClients';
import { sessionCookie, startTestRelay, TEST_OWNER, type TestRelay } from '../relays';

const WRITE = { vaultId: 'default', readOnly: false };
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

// Anyone may register an OAuth client (RFC 7591), so a registered redirect URI says nothing about who is
// behind it: these are the attacks a stranger makes with a client of their own.
describe('a stranger’s OAuth client (OAU9–OAU12)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let cookie: string;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    cookie = await sessionCookie(relay.httpUrl, TEST_OWNER);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  const register = async (redirectUris: string[]) =>
    fetch(`${relay.httpUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Mallory', redirect_uris: redirectUris }),
    });
  const clientFor = async (redirectUri: string) => {
    const registered = await register([redirectUri]);
    expect(registered.status, await registered.clone().text()).toBe(201);
    return ((await registered.json()) as { client_id: string }).client_id;
  };
  const authorizeUrl = (params: Record<string, string>) => {
    const url = new URL(`${relay.httpUrl}/authorize`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  };
  const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
  const token = (body: Record<string, string>) =>
    fetch(`${relay.httpUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });

  it('[OAU9] /authorize never sends an error to a self-registered address: no open redirect on our origin', async () => {
    const landing = 'https://evil.example/landing';
    const clientId = await clientFor(landing);
    const base = { client_id: clientId, redirect_uri: landing, response_type: 'code', state: 's' };
    for (const params of [
      base,
      { ...base, ...pkce, code_challenge_method: 'plain' },
      { ...base, ...pkce, response_type: 'token' },
      { ...base, ...pkce, scope: 'admin' },
      { ...base, ...pkce, resource: 'https://other.example/mcp' },
    ]) {
      const opened = await fetch(authorizeUrl(params), { redirect: 'manual' });
      const label = JSON.stringify(params);
      expect(opened.status, label).toBe(400);
      expect(opened.headers.get('location'), label).toBeNull();
      expect(opened.headers.get('content-type'), label).toMatch(/^text\/html/);
      expect(await opened.text(), label).not.toContain('evil.example');
    }
  });

  it('[OAU10] schemes a browser or the system runs, and custom schemes without a dot, are refused at registration', async () => {
    for (const uri of [
      'ms-msdt:/id PCWDiagnostic /skip force',
      'search-ms:query=invoice&crumb=location:\\\\evil.example\\share',
      'view-source:https://evil.example/',
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
      'ms-officecmd:{}',
      'myapp://callback',
    ]) {
      const refused = await register([uri]);
      expect(refused.status, uri).toBe(400);
      // The SDK's own metadata check refuses the few it knows (javascript:, data:, vbscript:) first.
      expect(((await refused.json()) as { error: string }).error, uri).toMatch(
        /^invalid_(redirect_uri|client_metadata)$/,
      );
    }
    // RFC 8252 §7.1: a native app's own scheme, named as its reverse domain.
    expect((await register(['com.example.notes:/oauth/callback'])).status).toBe(201);
  });

  it('[OAU11] /token refuses a resource other than ours when /authorize named none', async () => {
    const clientId = await clientFor(TEST_REDIRECT_URI);
    const codeOf = async () => {
      const params = { client_id: clientId, redirect_uri: TEST_REDIRECT_URI, response_type: 'code', ...pkce };
      const redirect = await consentThroughApi(authorizeUrl(params), cookie, WRITE);
      return redirect.searchParams.get('code') ?? '';
    };
    const exchange = (code: string, resource?: string) =>
      token({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: TEST_REDIRECT_URI,
        ...(resource === undefined ? {} : { resource }),
      });
    const foreign = await exchange(await codeOf(), 'https://other.example/mcp');
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: 'invalid_target' });

    const issued = await exchange(await codeOf(), `${relay.httpUrl}/mcp`);
    expect(issued.status).toBe(200);
    const { refresh_token } = (await issued.json()) as { refresh_token: string };
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token,
      client_id: clientId,
      resource: 'https://other.example/mcp',
    });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('[OAU12] /register, /authorize, /token and /revoke refuse plain http off loopback', async () => {
    // An IP address passes the Host check (HTTP15); on plain http it is not loopback, so codes and tokens
    // would cross the network in the clear.
    const host = `192.0.2.10:${relay.port}`;
    const registered = await requestWithHost(relay.port, host, {
      method: 'POST',
      path: '/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Mallory', redirect_uris: [TEST_REDIRECT_URI] }),
    });
    expect(registered.status).toBe(404);
    expect(JSON.parse(registered.text)).toMatchObject({ error: 'not_found' });
    const clientId = await clientFor(TEST_REDIRECT_URI);
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: TEST_REDIRECT_URI,
      response_type: 'code',
      ...pkce,
    });
    const authorized = await requestWithHost(relay.port, host, { path: `/authorize?${query}` });
    expect(authorized.status).toBe(404);
    expect(authorized.headers.location).toBeUndefined();
    for (const path of ['/token', '/revoke']) {
      const answer = await requestWithHost(relay.port, host, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', token: 'x' }).toString(),
      });
      expect(answer.status, path).toBe(404);
    }
  });
});
