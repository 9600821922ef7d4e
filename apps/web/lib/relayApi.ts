import { type Failure, fail } from '@baalda/core';
import {
  type AnswerOf,
  type ApiFailure,
  type ApiInput,
  type ApiRequest,
  type ApiResponse,
  type ApiRoute,
  type ApiTransport,
  createApiClient,
} from '@baalda/core/api';
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

/** A relay answer that arrived, parsed with the schema its route declares for its status (CT1). */
export type RelayCall<Answer = unknown> = { readonly ok: true; readonly answer: Answer } | RelayFailure;

/** The sentence a person sees when an answer breaks its contract (CT1); the details name the field. */
export const UNDERSTOOD_NOT = 'The relay sent an answer this app does not understand';

// A request that hangs (a captive portal, a half-dead Wi-Fi) must not keep the tree refresh waiting forever.
const REQUEST_TIMEOUT_MS = 8000;

/**
 * The web's transport for the typed client: `fetch` on this page's origin, GETs never from an HTTP cache.
 * A device that knows it is offline, a request that fails or times out, and a proxy's 502/504 without the
 * relay's error body are all `NETWORK_UNAVAILABLE`.
 */
export const webTransport: ApiTransport = async (request) => {
  // A browser that knows it has no network is believed: a request tried anyway can still leave through a
  // path the offline state doesn't cover (a service worker's fallback), and a change meant to stay queued
  // would then be sent behind the person's back.
  if (deviceKnowsItIsOffline()) return fail('NETWORK_UNAVAILABLE', 'This device is offline.');
  try {
    return await responseOf(await fetch(request.path, initFor(request)));
  } catch {
    return unreachable();
  }
};

/** The typed client of the relay this page came from (API2). */
export const relayClient = createApiClient(webTransport);

/** One call of `route` through the typed client, its failure in the web's terms (see toRelayFailure). */
export async function callRelay<Route extends ApiRoute>(
  route: Route,
  input: ApiInput<Route>,
): Promise<RelayCall<AnswerOf<Route>>> {
  const result = await relayClient.call(route, input);
  return result.ok ? { ok: true, answer: result.answer } : toRelayFailure(result);
}

function initFor(request: ApiRequest): RequestInit {
  const init: RequestInit = {
    method: request.method,
    headers: headersFor(request),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  };
  if (request.body !== undefined) init.body = request.body as BodyInit;
  if (request.method === 'GET') init.cache = 'no-store';
  return init;
}

// The relay refuses a cookie-authenticated change without a JSON content type (a plain form can't forge
// that header), so a change without a body (DELETE, sign-out) still carries it.
function headersFor(request: ApiRequest): Record<string, string> {
  if (request.method === 'GET' || request.method === 'HEAD' || 'content-type' in request.headers)
    return { ...request.headers };
  return { ...request.headers, 'content-type': 'application/json' };
}

function deviceKnowsItIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function unreachable(): Failure<RelayCallCode> {
  return fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
}

/**
 * A fetched answer as the typed client reads it; a proxy or service worker answering 502/504 without the
 * relay's JSON error body means the relay is unreachable. For callers that make their own requests (uploads).
 */
export async function responseOf(response: Response): Promise<ApiResponse | Failure<RelayCallCode>> {
  const text = await response.text().catch(() => '');
  const refusal = readRefusal(text);
  if (response.status >= 502 && !refusal) return unreachable();
  // A refusal without a readable message still has its code; the sentence stands in for the message.
  const worded = refusal && typeof refusal.error.message !== 'string' ? withMessage(refusal, response.status) : text;
  return { status: response.status, text: worded, header: (name) => response.headers.get(name) };
}

// HTTP2's `{ error: { code, message } }`, read here for its code alone.
const RELAY_REFUSAL = z.object({ error: z.object({ code: z.string(), message: z.unknown().optional() }) });

function readRefusal(text: string): z.infer<typeof RELAY_REFUSAL> | undefined {
  try {
    return RELAY_REFUSAL.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

function withMessage(refusal: z.infer<typeof RELAY_REFUSAL>, status: number): string {
  return JSON.stringify({ error: { code: refusal.error.code, message: `The relay answered ${status}.` } });
}

/**
 * The typed client's failure as the UI knows it: a 401 `UNAUTHENTICATED` is also reported to the account
 * gate, `Retry-After` becomes `retryAfterSeconds`, and an answer breaking its schema says where (CT1).
 */
export function toRelayFailure(failure: ApiFailure | Failure<string>): RelayFailure {
  // Whoever made the call gets the failure as usual; the account gate also hears the session is gone.
  if (failure.code === 'UNAUTHENTICATED') reportSessionLost();
  const status = 'status' in failure ? failure.status : 0;
  const refused = fail(failure.code, messageOf(failure.code, failure.message, status));
  const retryAfterSeconds = readRetryAfter('retryAfter' in failure ? failure.retryAfter : null);
  return retryAfterSeconds === undefined ? refused : { ...refused, retryAfterSeconds };
}

function messageOf(code: string, message: string, status: number): string {
  if (code !== 'RESPONSE_INVALID') return message;
  return status >= 200 && status < 300 ? `${UNDERSTOOD_NOT}: ${message}.` : `The relay answered ${status}.`;
}

/** `Retry-After` in seconds (the relay sends seconds, never an HTTP date); undefined when absent or odd. */
export function readRetryAfter(header: string | null): number | undefined {
  if (header === null || !/^\d{1,7}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/**
 * `route` read more leniently than declared: `relax` turns each declared JSON answer into the one the web
 * reads with. For lists read entry by entry (an entry a newer relay words differently hides that entry, not
 * the list) and fields an older relay leaves out; the declaration stays the starting point.
 */
export function relaxAnswers<Route extends ApiRoute>(route: Route, relax: (declared: z.ZodObject) => z.ZodType): Route {
  const answers = Object.fromEntries(
    Object.entries(route.answers).map(([status, answer]) => [
      status,
      answer.kind === 'json' && answer.schema instanceof z.ZodObject
        ? { kind: 'json', schema: relax(answer.schema) }
        : answer,
    ]),
  );
  return { ...route, answers };
}

/** `relax` for an answer whose list under `key` is read entry by entry afterwards (see readableEntries). */
export function entryByEntry(key: string): (declared: z.ZodObject) => z.ZodType {
  return (declared) => declared.extend({ [key]: z.array(z.unknown()) });
}
