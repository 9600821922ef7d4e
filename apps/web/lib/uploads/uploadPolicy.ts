import type { UploadFailure } from './uploadTypes';

/** Files on their way at once: enough to keep the line busy, few enough to leave room for the editor's sync. */
export const MAX_PARALLEL_UPLOADS = 2;

/**
 * Times one file may fail on a relay that answered (a 5xx, a 429) before it is marked failed: a file the
 * relay chokes on every time must not block the queue behind it forever. Being offline never counts.
 */
export const MAX_ANSWERED_ATTEMPTS = 6;

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * What to do after a failed upload:
 * - `unreachable`: no answer (offline, relay down, a proxy's 502): keep it, try again later;
 * - `retry`: the relay answered but may take it later (5xx, 408, 429, an upload cut short): try again later;
 * - `signedOut`: the session is gone (401): keep it, and wait for the person to sign in again;
 * - `refused`: any other 4xx (a bad name, too large, a viewer, a retired id): sending it again can't help.
 */
export type UploadFailureKind = 'unreachable' | 'retry' | 'signedOut' | 'refused';

export function classifyUploadFailure(failure: Pick<UploadFailure, 'status' | 'code'>): UploadFailureKind {
  const { status, code } = failure;
  if (status === 0 || code === 'NETWORK_UNAVAILABLE') return 'unreachable';
  if (status === 401 || code === 'UNAUTHENTICATED') return 'signedOut';
  // The relay's own word that the bytes did not arrive whole: the file is fine, the transfer was not.
  if (status === 408 || status === 429 || code === 'UPLOAD_INCOMPLETE') return 'retry';
  if (status >= 400 && status < 500) return 'refused';
  return 'retry';
}

/**
 * How long to wait after `failures` failures in a row: 2 s, doubling, at most 5 minutes; never less than
 * the relay's `Retry-After`.
 * @example retryDelayMs(3) // 8000
 */
export function retryDelayMs(failures: number, retryAfterSeconds?: number): number {
  const backoff = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}
