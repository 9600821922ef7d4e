import { ERROR_ANSWER, type Failure, fail } from '@baalda/core';
import { z } from 'zod';
import { reportSessionLost } from './account/sessionLoss';

/**
 * Why a call to the relay's HTTP API did not succeed. `NETWORK_UNAVAILABLE` is this client's own code
 * (offline, relay down, request timed out) and is a normal state, not an error to show; any other code is
 * the relay's, from its `{ error: { code, message } }` body, or `RESPONSE_INVALID` for a body we can't read.
 */
export type RelayCallCode = 'NETWORK_UNAVAILABLE' | 'RESPONSE_INVALID' | (string & {});

/** A refusal; `retryAfterSeconds` when the relay said how long to wait (429 `Retry-After`). */
export type RelayFailure = Failure<RelayCallCode> & { readonly retryAfterSeconds?: number };

/** A relay answer that arrived: its parsed JSON body (undefined when it had none we could read). */
export type RelayCall = { readonly ok: true; readonly body: unknown } | RelayFailure;

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
  // A browser that knows it has no network is believed: a request tried anyway can still leave through a
  // path the offline state doesn't cover (a service worker's fallback), and a change meant to stay queued
  // would then be sent behind the person's back.
  if (deviceKnowsItIsOffline()) return fail('NETWORK_UNAVAILABLE', 'This device is offline.');
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    return fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
  }
  if (response.ok) return { ok: true, body: await readJson(response) };
  return readRelayFailure(response);
}

function deviceKnowsItIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The failure a non-2xx answer stands for, read from the relay's `{ error: { code, message } }` body; a 401
 * `UNAUTHENTICATED` is also reported to the account gate. For callers that make their own requests (uploads).
 */
export async function readRelayFailure(response: Response): Promise<RelayFailure> {
  const refusal = RELAY_REFUSAL.safeParse(await readJson(response));
  // A proxy or service worker answering 502/504 without a JSON body means the relay is unreachable.
  if (!refusal.success) {
    if (response.status >= 502) return fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
    return fail('RESPONSE_INVALID', `The relay answered ${response.status}.`);
  }
  const { error } = refusal.data;
  const message = error.message ?? `The relay answered ${response.status}.`;
  // Whoever made the call gets the failure as usual; the account gate also hears the session is gone.
  if (error.code === 'UNAUTHENTICATED') reportSessionLost();
  const retryAfterSeconds = readRetryAfter(response.headers.get('retry-after'));
  return retryAfterSeconds === undefined
    ? fail(error.code, message)
    : { ...fail(error.code, message), retryAfterSeconds };
}

// HTTP2's `{ error: { code, message } }`; a refusal without a readable message still has its code.
const RELAY_REFUSAL = ERROR_ANSWER.extend({
  error: ERROR_ANSWER.shape.error.extend({ message: z.string().optional().catch(undefined) }),
});

/** `Retry-After` in seconds (the relay sends seconds, never an HTTP date); undefined when absent or odd. */
export function readRetryAfter(header: string | null): number | undefined {
  if (header === null || !/^\d{1,7}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** The JSON body of an answer, or undefined when it has none we can read. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** `PUT url` with a JSON body. */
export function putToRelay(url: string, body: unknown): Promise<RelayCall> {
  return send(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * `DELETE url`. The relay answers 204, so a success carries no body. The JSON content type is sent anyway:
 * the relay refuses a cookie-authenticated change without it (a plain form can't forge that header).
 */
export function deleteFromRelay(url: string): Promise<RelayCall> {
  return send(url, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
}
