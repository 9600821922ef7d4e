import { STATUS_CODES } from 'node:http';
import { fail, type VaultOp } from '@baalda/core';
import {
  type AnswerOf,
  type API,
  type ApiFailure,
  type ApiInput,
  type ApiRequest,
  type ApiRoute,
  type ApiTransport,
  createApiClient,
  pathFor,
  readApiAnswer,
} from '@baalda/core/api';
import { CliError, EXIT } from './cliError';
import { notUnderstood, routeOf } from './relayAnswer';

/** Where the relay is, what every request carries, and what a 401 should say about the credential refused. */
export interface RelayAccess {
  readonly baseUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Names the credential refused, since the relay can't know which file or variable it came from. */
  readonly onUnauthenticated: string;
  /** Bounds each request, reading its answer included; unbounded when absent. */
  readonly timeoutMs?: number;
}

/** The relay's API as the CLI calls it: each answer parsed with its route's schema, or a CliError. */
export interface RelayApi {
  call<Route extends ApiRoute>(route: Route, input: ApiInput<Route>): Promise<AnswerOf<Route>>;
}

/** The header a personal access token or the admin key goes in. */
export function bearer(secret: string): Record<string, string> {
  return { authorization: `Bearer ${secret}` };
}

/**
 * The typed client over `fetch`, its failures turned into CliErrors with exit code 1: a refusal is one line
 * with the relay's code, an answer that breaks its schema names the route and the field (CLI7).
 */
export function createRelayApi(access: RelayAccess, transport = fetchTransport(access)): RelayApi {
  const client = createApiClient(transport, access.headers);
  return {
    async call(route, input) {
      const result = await client.call(route, input);
      if (result.ok) return result.answer;
      throw cliErrorOf(route, pathFor(route, input as PathInput), result, access);
    },
  };
}

type PathInput = Parameters<typeof pathFor>[1];

/** Sends the typed client's requests with `fetch`; an unreachable relay is a failure saying how to start it. */
export function fetchTransport(access: Pick<RelayAccess, 'baseUrl' | 'timeoutMs'>): ApiTransport {
  return async (request) => {
    try {
      const response = await fetch(urlOf(access, request.path), initOf(request, access.timeoutMs));
      const text = await response.text();
      return { status: response.status, text, header: (name) => headerOf(response, name) };
    } catch (error) {
      return fail('RELAY_UNREACHABLE', unreachable(access.baseUrl, error));
    }
  };
}

/** `fetch` of a request the typed client built, for answers read as they stream (a file, progress lines). */
export async function reachRelay(access: RelayAccess, request: ApiRequest): Promise<Response> {
  try {
    return await fetch(urlOf(access, request.path), initOf(request, access.timeoutMs));
  } catch (error) {
    throw new CliError(unreachable(access.baseUrl, error), EXIT.refused, { cause: error });
  }
}

/** The CliError a streamed answer that is not a success comes to, its body read whole. */
export async function refusalOf(access: RelayAccess, route: ApiRoute, path: string, response: Response) {
  const text = await response.text().catch(() => '');
  const read = readApiAnswer(route, { status: response.status, text, header: (name) => headerOf(response, name) });
  // A streamed answer is refused only on a status no route declares, so `read` is a failure in practice.
  const failure = read.ok ? { ...fail('RESPONSE_INVALID', ''), status: response.status, retryAfter: null } : read;
  return cliErrorOf(route, path, failure, access);
}

/** One line for a failed call: the relay's code and message, or what is known without them. */
export function cliErrorOf(route: ApiRoute, path: string, failure: ApiFailure, access: RelayAccess): CliError {
  if (failure.status === 0) return new CliError(failure.message, EXIT.refused);
  if (failure.status === 401) return new CliError(`UNAUTHENTICATED: ${access.onUnauthenticated}`, EXIT.refused);
  if (failure.code !== 'RESPONSE_INVALID') {
    const message = oneLine(failure.message);
    return new CliError(message ? `${failure.code}: ${message}` : failure.code, EXIT.refused);
  }
  // A declared status whose answer breaks its schema: CLI7's report, thrown from here.
  if (route.answers[failure.status]) notUnderstood(routeOf(route.method, urlOf(access, path)), failure.message);
  const status = `${failure.status} ${STATUS_CODES[failure.status] ?? ''}`.trim();
  const origin = new URL(access.baseUrl).origin;
  return new CliError(`The relay answered ${status} without an error code; is ${origin} a Baalda relay?`, EXIT.refused);
}

/** What a failed `fetch` says went wrong: the network's reason (ECONNREFUSED …) rather than "fetch failed". */
export function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

function unreachable(baseUrl: string, error: unknown): string {
  const origin = new URL(baseUrl).origin;
  return `Cannot reach the relay at ${origin} (${causeOf(error)}). Is \`npm start\` running? Use --relay URL.`;
}

function urlOf(access: Pick<RelayAccess, 'baseUrl'>, path: string): string {
  return `${access.baseUrl.replace(/\/$/, '')}${path}`;
}

function initOf(request: ApiRequest, timeoutMs: number | undefined): RequestInit {
  return {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
  };
}

// Headers.get joins several Set-Cookie headers with commas; the first cookie is the one a caller wants.
function headerOf(response: Response, name: string): string | null {
  if (name.toLowerCase() === 'set-cookie') return response.headers.getSetCookie()[0] ?? null;
  return response.headers.get(name);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The body of `applyOps`. Core's VaultOp also has `createAttachment`, which the wire leaves out (the upload
 * route makes attachments); one sent anyway is answered with the relay's refusal of that op, as before.
 */
export function opsBody(ops: readonly VaultOp[]): ApiInput<typeof API.applyOps>['body'] {
  return { ops: [...ops] } as ApiInput<typeof API.applyOps>['body'];
}
