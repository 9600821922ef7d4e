import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeToSessionLoss } from '../account/sessionLoss';
import { putAttachment } from './uploadApi';
import type { PendingUpload } from './uploadTypes';

const scan = 'alice_scan_00000000001';
const upload = { docId: scan, path: 'Work/Scan.pdf', createdAt: 1_790_000_000_000, blob: new Blob(['%PDF']) };

function answerWith(response: () => Response) {
  const fetchStub = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

describe('uploading an attachment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('[ATT2] puts the bytes at the declared route and reads where the file went (CN1)', async () => {
    const fetchStub = answerWith(json(201, { docId: scan, path: 'Work/Scan (2).pdf', version: 4 }));
    expect(await putAttachment('default', upload as PendingUpload)).toEqual({
      ok: true,
      docId: scan,
      path: 'Work/Scan (2).pdf',
      version: 4,
    });
    expect(fetchStub.mock.calls[0]?.[0]).toBe(
      `/api/vaults/default/attachments/${scan}?path=Work%2FScan.pdf&createdAt=1790000000000`,
    );
  });

  it('[ATT2] a 2xx it cannot read still means stored, at the path asked for', async () => {
    answerWith(json(200, { stored: true }));
    expect(await putAttachment('default', upload as PendingUpload)).toEqual({
      ok: true,
      docId: scan,
      path: 'Work/Scan.pdf',
      version: 0,
    });
  });

  it('passes on a refusal with its status, tells the account gate of UNAUTHENTICATED, and a 502 is unreachable', async () => {
    const lost = vi.fn();
    const stop = subscribeToSessionLoss(lost);
    answerWith(json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } }));
    expect(await putAttachment('default', upload as PendingUpload)).toMatchObject({
      ok: false,
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
    answerWith(() => new Response('Bad gateway', { status: 502 }));
    expect(await putAttachment('default', upload as PendingUpload)).toMatchObject({
      ok: false,
      status: 0,
      code: 'NETWORK_UNAVAILABLE',
    });
  });
});
