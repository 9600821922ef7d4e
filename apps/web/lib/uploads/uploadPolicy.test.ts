import { describe, expect, it } from 'vitest';
import { classifyUploadFailure, retryDelayMs } from './uploadPolicy';

describe('what a failed upload means', () => {
  it('[ATT8] no answer is unreachable, a 401 a lost session, other 4xx a refusal, the rest worth retrying', () => {
    const kinds = [
      [0, 'NETWORK_UNAVAILABLE'],
      [502, 'NETWORK_UNAVAILABLE'],
      [401, 'UNAUTHENTICATED'],
      [408, 'REQUEST_TIMEOUT'],
      [429, 'RATE_LIMITED'],
      [400, 'UPLOAD_INCOMPLETE'],
      [500, 'INTERNAL_ERROR'],
      [503, 'RESPONSE_INVALID'],
      [400, 'PATH_INVALID'],
      [400, 'INVALID_REQUEST'],
      [403, 'FORBIDDEN'],
      [404, 'VAULT_NOT_FOUND'],
      [409, 'DOC_ID_RETIRED'],
      [413, 'ATTACHMENT_TOO_LARGE'],
    ].map(([status, code]) => classifyUploadFailure({ status: Number(status), code: String(code) }));
    expect(kinds).toEqual([
      'unreachable',
      'unreachable',
      'signedOut',
      'retry',
      'retry',
      'retry',
      'retry',
      'retry',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
  });

  it('[ATT8] waits 2 s, doubling to at most 5 minutes, and never less than Retry-After', () => {
    expect([1, 2, 3, 4, 8, 9, 30].map((failures) => retryDelayMs(failures))).toEqual([
      2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000,
    ]);
    expect(retryDelayMs(1, 30)).toBe(30_000);
    expect(retryDelayMs(4, 1)).toBe(16_000);
  });
});
