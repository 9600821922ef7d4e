import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFromRelay, postToRelay } from './relayApi';

function stubNetwork(onLine: boolean) {
  const fetchStub = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
  vi.stubGlobal('navigator', { onLine });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('relay calls and the device being offline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('[SYNC5] a device that reports no network tries no relay call and answers NETWORK_UNAVAILABLE', async () => {
    const fetchStub = stubNetwork(false);
    const posted = await postToRelay('/api/vaults/v/ops', { ops: [] });
    const read = await getFromRelay('/api/vaults/v/tree');
    expect(posted).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE' });
    expect(read).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('[SYNC5] a device that reports a network sends the call', async () => {
    const fetchStub = stubNetwork(true);
    expect(await postToRelay('/api/vaults/v/ops', { ops: [] })).toEqual({ ok: true, body: { ok: 1 } });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});
