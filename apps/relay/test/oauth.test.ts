import { createHash, randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBackend } from './backends';
import { callTool, postMcp } from './mcpClients';
import { connectWithOAuth, consentThroughApi, MemoryOAuthClient, TEST_REDIRECT_URI } from './oauthClients';
import { addPerson } from './people';
import { sessionCookie, startTestRelay, TEST_OWNER, type TestRelay } from './relays';

const WRITE = { vaultId: 'default', readOnly: false };
const READ = { vaultId: 'default', readOnly: true };
const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('OAuth for remote assistants (OAU) through the official SDK client', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let cookie: string;
  let now = Date.UTC(2026, 11, 3, 9);
  const closing: Client[] = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target, { clock: () => new Date(now) });
    cookie = await sessionCookie(relay.httpUrl, TEST_OWNER);
  });

  afterAll(async () => {
    for (const client of closing) await client.close();
    await relay.close();
    await dispose();
  });

  const connect = async (provider: MemoryOAuthClient, choice = WRITE, as = cookie) => {
    const client = await connectWithOAuth(relay.httpUrl, provider, (url) => consentThroughApi(url, as, choice));
    closing.push(client);
    return client;
  };
  const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();
  const grants = async () =>
    (
      (await (await fetch(`${relay.httpUrl}/api/tokens`, { headers: { cookie } })).json()) as {
        tokens: Array<{
          id: string;
          name: string;
          readOnly: boolean;
          oauthClient: string | null;
          revokedAt: string | null;
        }>;
      }
    ).tokens.filter((token) => token.oauthClient !== null);
  const mcpWith = (accessToken: string) => postMcp(relay.httpUrl, LIST, { authorization: `Bearer ${accessToken}` });
  const token = (body: Record<string, string>) =>
    fetch(`${relay.httpUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });

  it('[OAU8] a 401 at /mcp points at the protected resource metadata, which names the authorization server', async () => {
    const refused = await postMcp(relay.httpUrl, LIST);
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain(`resource_metadata="${relay.httpUrl}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toContain('scope="notes:read notes:write"');
    expect(challenge).not.toContain('invalid_token');
    const resource = await (await fetch(`${relay.httpUrl}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({ resource: `${relay.httpUrl}/mcp`, authorization_servers: [`${relay.httpUrl}/`] });
    const server = await (await fetch(`${relay.httpUrl}/.well-known/oauth-authorization-server`)).json();
    expect(server).toMatchObject({
      issuer: `${relay.httpUrl}/`,
      authorization_endpoint: `${relay.httpUrl}/authorize`,
      token_endpoint: `${relay.httpUrl}/token`,
      registration_endpoint: `${relay.httpUrl}/register`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['notes:read', 'notes:write'],
    });
  });

  it('[OAU5, OAU6] consent for writing gives every tool and a search; the grant is listed as an access token', async () => {
    const client = await connect(new MemoryOAuthClient('Claude'));
    expect(await toolNames(client)).toContain('edit_note');
    const created = await callTool(client, 'create_note', {
      path: 'Roadmap.md',
      text: '# Roadmap\n\nShip oauthwidget.',
    });
    expect(created.isError, created.text).toBe(false);
    const found = await callTool(client, 'search_notes', { query: 'oauthwidget' });
    expect(found.structured?.hits).toEqual([expect.objectContaining({ path: 'Roadmap.md' })]);
    expect(await grants()).toContainEqual(
      expect.objectContaining({ name: 'Claude (OAuth)', oauthClient: 'Claude', readOnly: false, revokedAt: null }),
    );
  });

  it('[OAU1, OAU6] a read-only grant lists the read tools only', async () => {
    const provider = new MemoryOAuthClient('Reader');
    const readOnly = await connect(provider, READ);
    expect(await toolNames(readOnly)).not.toContain('create_note');
    expect(await toolNames(readOnly)).toContain('search_notes');
    expect(provider.saved?.scope).toBe('notes:read');
  });

  it('[OAU1] a viewer’s grant never writes, whatever was asked', async () => {
    const viewer = await addPerson(relay, 'olaf', 'viewer');
    const viewerCookie = await sessionCookie(relay.httpUrl, viewer);
    const client = await connect(new MemoryOAuthClient('Viewer app'), WRITE, viewerCookie);
    expect(await toolNames(client)).not.toContain('create_note');
  });

  it('[OAU5, ACL3] revoking the grant in Access tokens ends its access token and its refresh token at once', async () => {
    const provider = new MemoryOAuthClient('Revoked app');
    const client = await connect(provider);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const grant = (await grants()).find((entry) => entry.name === 'Revoked app (OAuth)');
    const revoked = await fetch(`${relay.httpUrl}/api/tokens/${grant?.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: relay.httpUrl },
    });
    expect(revoked.status).toBe(204);
    const refused = await mcpWith(provider.saved?.access_token ?? '');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: provider.saved?.refresh_token ?? '',
      client_id: String(provider.information?.client_id),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('[OAU7] a refresh token works once: the next pair works, a replay revokes the grant', async () => {
    const provider = new MemoryOAuthClient('Rotating app');
    await connect(provider);
    const first = provider.saved;
    const clientId = String(provider.information?.client_id);
    const rotated = await token({
      grant_type: 'refresh_token',
      refresh_token: first?.refresh_token ?? '',
      client_id: clientId,
    });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first?.refresh_token);
    expect((await mcpWith(second.access_token)).status).toBe(200);
    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: first?.refresh_token ?? '',
      client_id: clientId,
    });
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await mcpWith(second.access_token)).status).toBe(401);
    expect((await grants()).find((entry) => entry.name === 'Rotating app (OAuth)')?.revokedAt).not.toBeNull();
  });

  it('[OAU2] an OAuth access token opens /mcp only, never the HTTP API', async () => {
    const provider = new MemoryOAuthClient('Narrow app');
    await connect(provider);
    const api = await fetch(`${relay.httpUrl}/api/vaults/default/tree`, {
      headers: { authorization: `Bearer ${provider.saved?.access_token}` },
    });
    expect(api.status).toBe(401);
  });

  it('[OAU1, OAU3] an access token is dead after its hour; a refresh brings the next', async () => {
    const provider = new MemoryOAuthClient('Hourly app');
    await connect(provider);
    now += 60 * 60_000 + 1;
    expect((await mcpWith(provider.saved?.access_token ?? '')).status).toBe(401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: provider.saved?.refresh_token ?? '',
      client_id: String(provider.information?.client_id),
    });
    expect((await mcpWith(((await refreshed.json()) as { access_token: string }).access_token)).status).toBe(200);
  });

  describe('[OAU4, OAU6] malformed requests are refused as the spec says, and nothing is issued', () => {
    let clientId: string;
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorizeUrl = (params: Record<string, string>) => {
      const url = new URL(`${relay.httpUrl}/authorize`);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url;
    };
    const valid = () => ({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: TEST_REDIRECT_URI,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'st4te',
    });
    const codeFor = async (params = valid()) => {
      const redirect = await consentThroughApi(authorizeUrl(params), cookie, WRITE);
      expect(redirect.searchParams.get('state')).toBe('st4te');
      expect(redirect.searchParams.get('iss')).toBe(relay.httpUrl);
      return redirect.searchParams.get('code') ?? '';
    };
    const exchange = (code: string, codeVerifier = verifier) =>
      token({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        client_id: clientId,
        redirect_uri: TEST_REDIRECT_URI,
      });
    const openAuthorize = (params: Record<string, string>) => fetch(authorizeUrl(params), { redirect: 'manual' });

    beforeAll(async () => {
      const registered = await fetch(`${relay.httpUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Strict',
          redirect_uris: [TEST_REDIRECT_URI],
          token_endpoint_auth_method: 'client_secret_post',
        }),
      });
      expect(registered.status).toBe(201);
      const info = (await registered.json()) as {
        client_id: string;
        client_secret?: string;
        token_endpoint_auth_method: string;
      };
      expect(info.client_secret).toBeUndefined();
      expect(info.token_endpoint_auth_method).toBe('none');
      clientId = info.client_id;
    });

    it('refuses redirect URIs that could leak a code at registration', async () => {
      for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'https://ok.example/cb#frag']) {
        const refused = await fetch(`${relay.httpUrl}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [uri] }),
        });
        expect(refused.status, uri).toBe(400);
        expect(((await refused.json()) as { error: string }).error).toMatch(/^invalid_(redirect_uri|client_metadata)$/);
      }
    });

    const expectErrorPage = async (answer: Response, error: string) => {
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await answer.text()).toContain(`<code>${error}</code>`);
    };

    it('an unknown client or an unregistered redirect_uri gets an error page, never a redirect', async () => {
      await expectErrorPage(
        await openAuthorize({ ...valid(), client_id: '00000000-0000-4000-8000-000000000000' }),
        'invalid_client',
      );
      await expectErrorPage(
        await openAuthorize({ ...valid(), redirect_uri: 'http://127.0.0.1:7/elsewhere' }),
        'invalid_request',
      );
    });

    it('[OAU9] no PKCE, plain PKCE, an unknown scope or another resource is an error page too, never a redirect', async () => {
      const { code_challenge: _c, code_challenge_method: _m, ...withoutPkce } = valid();
      for (const [params, error] of [
        [withoutPkce, 'invalid_request'],
        [{ ...valid(), code_challenge_method: 'plain' }, 'invalid_request'],
        [{ ...valid(), scope: 'notes:read admin' }, 'invalid_scope'],
        [{ ...valid(), resource: 'https://other.example/mcp' }, 'invalid_target'],
      ] as const) {
        await expectErrorPage(await openAuthorize(params), error);
      }
    });

    it('a wrong verifier, a reused code and an expired code are invalid_grant; a reuse revokes what the code gave', async () => {
      const code = await codeFor();
      const wrong = await exchange(code, randomBytes(32).toString('base64url'));
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
      const issued = await exchange(code);
      expect(issued.status).toBe(200);
      const tokens = (await issued.json()) as { access_token: string };
      expect((await mcpWith(tokens.access_token)).status).toBe(200);
      const reused = await exchange(code);
      expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await mcpWith(tokens.access_token)).status).toBe(401);

      const late = await codeFor();
      now += 61_000;
      const expired = await exchange(late);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('[OAU1] a client that asked to read is never offered writing, nor given it', async () => {
      const opened = await openAuthorize({ ...valid(), scope: 'notes:read' });
      const id = new URL(opened.headers.get('location') ?? '', relay.httpUrl).searchParams.get('oauth');
      const shown = await fetch(`${relay.httpUrl}/api/oauth/authorizations/${id}`, { headers: { cookie } });
      expect(await shown.json()).toMatchObject({ mayWrite: false });
      const approved = await fetch(`${relay.httpUrl}/api/oauth/authorizations/${id}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(WRITE),
      });
      const code = new URL(((await approved.json()) as { redirectTo: string }).redirectTo).searchParams.get('code');
      const issued = (await (await exchange(code ?? '')).json()) as { access_token: string; scope: string };
      expect(issued.scope).toBe('notes:read');
      const listed = (await (await mcpWith(issued.access_token)).json()) as {
        result: { tools: Array<{ name: string }> };
      };
      expect(listed.result.tools.map((tool) => tool.name)).not.toContain('create_note');
    });

    it('a denial goes back as access_denied; a decided or expired request can not be answered again', async () => {
      const opened = await openAuthorize(valid());
      const id = new URL(opened.headers.get('location') ?? '', relay.httpUrl).searchParams.get('oauth');
      const post = (decision: string, body: unknown = {}) =>
        fetch(`${relay.httpUrl}/api/oauth/authorizations/${id}/${decision}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        });
      const shown = await fetch(`${relay.httpUrl}/api/oauth/authorizations/${id}`, { headers: { cookie } });
      expect(await shown.json()).toMatchObject({
        clientName: 'Strict',
        redirectOrigin: 'http://127.0.0.1:7',
        mayWrite: true,
      });
      const denied = (await (await post('deny')).json()) as { redirectTo: string };
      expect(new URL(denied.redirectTo).searchParams.get('error')).toBe('access_denied');
      expect((await post('approve', WRITE)).status).toBe(404);

      const stale = await openAuthorize(valid());
      const staleId = new URL(stale.headers.get('location') ?? '', relay.httpUrl).searchParams.get('oauth');
      now += 10 * 60_000 + 1;
      const gone = await fetch(`${relay.httpUrl}/api/oauth/authorizations/${staleId}`, { headers: { cookie } });
      expect(await gone.json()).toMatchObject({ error: { code: 'OAUTH_REQUEST_NOT_FOUND' } });
    });

    it('consent needs a signed-in browser of our own site, and a vault of the person’s', async () => {
      const opened = await openAuthorize(valid());
      const id = new URL(opened.headers.get('location') ?? '', relay.httpUrl).searchParams.get('oauth');
      const approve = (headers: Record<string, string>, body: unknown = WRITE) =>
        fetch(`${relay.httpUrl}/api/oauth/authorizations/${id}/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      expect((await approve({})).status).toBe(401);
      expect((await approve({ authorization: `Bearer ${relay.token}` })).status).toBe(403);
      expect((await approve({ cookie, origin: 'https://evil.example' })).status).toBe(403);
      expect(await (await approve({ cookie }, { vaultId: 'not-mine', readOnly: true })).json()).toMatchObject({
        error: { code: 'VAULT_NOT_FOUND' },
      });
      expect(await (await approve({ cookie }, { vaultId: 'default', readOnly: 'yes' })).json()).toMatchObject({
        error: { code: 'REQUEST_INVALID' },
      });
      expect((await approve({ cookie })).status).toBe(200);
    });
  });
});
