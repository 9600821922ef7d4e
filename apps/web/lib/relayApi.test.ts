import { API } from '@baalda/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeToSessionLoss } from './account/sessionLoss';
import { callRelay, webTransport } from './relayApi';

function stubNetwork(onLine: boolean, answer = () => new Response(JSON.stringify({ vaults: [] }), { status: 200 })) {
  const fetchStub = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('navigator', { onLine });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const request = { method: 'GET', path: '/api/vaults', headers: {} } as const;

describe('relay calls and the device being offline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('[SYNC5] a device that reports no network tries no relay call and answers NETWORK_UNAVAILABLE', async () => {
    const fetchStub = stubNetwork(false);
    const posted = await callRelay(API.applyOps, { params: { vaultId: 'v' }, body: { ops: [] } });
    const read = await callRelay(API.readTree, { params: { vaultId: 'v' } });
    expect(posted).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE' });
    expect(read).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('[SYNC5] a device that reports a network sends the call', async () => {
    const fetchStub = stubNetwork(true);
    expect(await callRelay(API.listVaults, {})).toEqual({ ok: true, answer: { vaults: [] } });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', cache: 'no-store' });
  });
});

describe('the web transport of the typed client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('[SYNC5] a request that fails or times out is NETWORK_UNAVAILABLE, and every request has a timeout', async () => {
    const fetchStub = stubNetwork(true, () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });
    expect(await webTransport(request)).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE' });
    expect(fetchStub.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('[SYNC5] a 502 without the relay’s error body is NETWORK_UNAVAILABLE; one with it is the relay’s refusal', async () => {
    stubNetwork(true, () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await callRelay(API.listVaults, {})).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE' });
    const refusal = { error: { code: 'DATABASE_UNAVAILABLE', message: 'Try again.' } };
    stubNetwork(true, () => new Response(JSON.stringify(refusal), { status: 503 }));
    expect(await callRelay(API.listVaults, {})).toEqual({
      ok: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'Try again.',
    });
  });

  it('[ACC6] reports UNAUTHENTICATED to the account gate and reads Retry-After as seconds', async () => {
    const lost = vi.fn();
    const stop = subscribeToSessionLoss(lost);
    stubNetwork(
      true,
      () => new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } }), { status: 401 }),
    );
    expect(await callRelay(API.listTokens, {})).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    expect(lost).toHaveBeenCalledTimes(1);
    const tooMany = { error: { code: 'TOO_MANY_REQUESTS', message: 'Wait.' } };
    stubNetwork(true, () => new Response(JSON.stringify(tooMany), { status: 429, headers: { 'retry-after': '7' } }));
    expect(await callRelay(API.listTokens, {})).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 7 });
    stop();
  });

  it('keeps the code of a refusal without a readable message', async () => {
    stubNetwork(true, () => new Response(JSON.stringify({ error: { code: 'LAST_OWNER' } }), { status: 409 }));
    expect(await callRelay(API.listVaults, {})).toEqual({
      ok: false,
      code: 'LAST_OWNER',
      message: 'The relay answered 409.',
    });
  });

  it('sends a change without a body with the JSON content type the relay asks of cookie-authenticated changes', async () => {
    const fetchStub = stubNetwork(true, () => new Response(null, { status: 204 }));
    expect(await callRelay(API.revokeToken, { params: { tokenId: 't/1' } })).toEqual({ ok: true, answer: undefined });
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/tokens/t%2F1',
      expect.objectContaining({ method: 'DELETE', headers: { 'content-type': 'application/json' } }),
    );
  });
});
