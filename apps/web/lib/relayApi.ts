import { fail, type Result } from '@baalda/core';
import { type RelayNote, toRelayNote } from './noteMerge';

/**
 * Why a call to the relay's HTTP API did not succeed. `NETWORK_UNAVAILABLE` is this client's own code
 * (offline, relay down, request timed out) and is a normal state, not an error to show; any other code is
 * the relay's, from its `{ error: { code, message } }` body, or `RESPONSE_INVALID` for a body we can't read.
 */
export type RelayCallCode = 'NETWORK_UNAVAILABLE' | 'RESPONSE_INVALID' | (string & {});

// A request that hangs (a captive portal, a half-dead Wi-Fi) must not keep the list refresh waiting forever.
const REQUEST_TIMEOUT_MS = 8000;

/** `GET /api/notes`: every note the relay knows. */
export async function fetchRelayNotes(): Promise<Result<{ notes: RelayNote[] }, RelayCallCode>> {
  const response = await send('/api/notes', { method: 'GET', cache: 'no-store' });
  if (!response.ok) return response;
  const body = await readJson(response.value);
  const entries = (body as { notes?: unknown } | undefined)?.notes;
  if (!Array.isArray(entries)) return fail('RESPONSE_INVALID', 'The relay sent a note list we could not read.');
  return { ok: true, notes: entries.map(toRelayNote).filter((note) => note !== undefined) };
}

/** `POST /api/notes`: tells the relay a note exists. Registering twice is harmless (the relay answers 200). */
export async function registerNoteOnRelay(docId: string, createdAt: number): Promise<Result<object, RelayCallCode>> {
  const response = await send('/api/notes', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ docId, createdAt }),
  });
  return response.ok ? { ok: true } : response;
}

async function send(url: string, init: RequestInit): Promise<Result<{ value: Response }, RelayCallCode>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    return fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
  }
  if (response.ok) return { ok: true, value: response };
  return readRelayError(response);
}

async function readRelayError(response: Response): Promise<Result<{ value: Response }, RelayCallCode>> {
  const body = await readJson(response);
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  // A proxy or service worker answering 502/504 without a JSON body means the relay is unreachable.
  if (typeof error?.code !== 'string') {
    if (response.status >= 502) return fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
    return fail('RESPONSE_INVALID', `The relay answered ${response.status}.`);
  }
  const message = typeof error.message === 'string' ? error.message : `The relay answered ${response.status}.`;
  return fail(error.code, message);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
