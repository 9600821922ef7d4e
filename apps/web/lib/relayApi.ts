import { fail, type Result } from '@baalda/core';

/**
 * Why a call to the relay's HTTP API did not succeed. `NETWORK_UNAVAILABLE` is this client's own code
 * (offline, relay down, request timed out) and is a normal state, not an error to show; any other code is
 * the relay's, from its `{ error: { code, message } }` body, or `RESPONSE_INVALID` for a body we can't read.
 */
export type RelayCallCode = 'NETWORK_UNAVAILABLE' | 'RESPONSE_INVALID' | (string & {});

/** A relay answer that arrived: its parsed JSON body (undefined when it had none we could read). */
export type RelayCall = Result<{ body: unknown }, RelayCallCode>;

// A request that hangs (a captive portal, a half-dead Wi-Fi) must not keep the tree refresh waiting forever.
const REQUEST_TIMEOUT_MS = 8000;

/** `GET url` on the relay, never from an HTTP cache. */
export function getFromRelay(url: string): Promise<RelayCall> {
  return send(url, { method: 'GET', cache: 'no-store' });
}

/** `POST url` with a JSON body. */
export function postToRelay(url: string, body: unknown): Promise<RelayCall> {
  return send(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function send(url: string, init: RequestInit): Promise<RelayCall> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    return fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
  }
  if (response.ok) return { ok: true, body: await readJson(response) };
  return readRelayError(response);
}

async function readRelayError(response: Response): Promise<RelayCall> {
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
