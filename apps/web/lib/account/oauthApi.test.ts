import { afterEach, describe, expect, it, vi } from 'vitest';
import { approveAuthorization, denyAuthorization, readAuthorization } from './oauthApi';

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const request = {
  id: 'a/1',
  clientName: 'Claude',
  clientUri: null,
  redirectOrigin: 'https://claude.ai',
  mayWrite: true,
  expiresAt: '2030-01-01T00:00:00.000Z',
};

describe('the OAuth consent API over fetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('[OAC1] reads the request behind an authorization id, escaping it in the URL', async () => {
    const fetch = stubFetch(200, request);
    expect(await readAuthorization('a/1')).toEqual({
      ok: true,
      request: { clientName: 'Claude', clientUri: null, redirectOrigin: 'https://claude.ai', mayWrite: true },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/oauth/authorizations/a%2F1');
  });

  it('[OAC1] passes on a request that is unknown, answered or expired', async () => {
    stubFetch(404, { error: { code: 'OAUTH_REQUEST_NOT_FOUND', message: 'gone' } });
    expect(await readAuthorization('a1')).toMatchObject({ ok: false, code: 'OAUTH_REQUEST_NOT_FOUND' });
  });

  it('[OAC3] approves with the vault and rights chosen, and reads where to go next', async () => {
    const fetch = stubFetch(200, { redirectTo: 'https://claude.ai/cb?code=c&state=s' });
    const answer = await approveAuthorization('a1', { vaultId: 'team', readOnly: true });
    expect(answer).toEqual({ ok: true, redirectTo: 'https://claude.ai/cb?code=c&state=s' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/oauth/authorizations/a1/approve');
    expect(JSON.parse(String(init?.body))).toEqual({ vaultId: 'team', readOnly: true });
  });

  it('[OAC3] denies with a POST and follows the assistant’s redirect, a native app’s scheme too', async () => {
    const fetch = stubFetch(200, { redirectTo: 'com.example.app:/oauth/cb?error=access_denied' });
    expect(await denyAuthorization('a1')).toEqual({
      ok: true,
      redirectTo: 'com.example.app:/oauth/cb?error=access_denied',
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/oauth/authorizations/a1/deny');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST' });
  });

  it('[OAC3, OAU10] never follows a redirect that would run in this page or hand the browser to another program', async () => {
    for (const redirectTo of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'not a url',
      'ms-msdt:/id PCWDiagnostic',
      'search-ms:query=x',
      'view-source:https://evil.example/',
      'cursor://oauth/cb',
      'http://evil.example/cb?code=c',
    ]) {
      stubFetch(200, { redirectTo });
      expect(await denyAuthorization('a1')).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
    }
  });
});
