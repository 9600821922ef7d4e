import { z } from 'zod';
import { type Failure, fail } from '../../result';
import { ERROR_ANSWER } from '../accessAnswers';
import { describeSchemaError } from '../schemaIssues';
import type { AnswerOf, ApiMethod, ApiRoute, ParamNames } from './apiRoute';

/** A request as the typed client made it, for a transport to send: the path holds the query. */
export interface ApiRequest {
  readonly method: ApiMethod;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

/** What a transport got back. `text` is the body, read whole. */
export interface ApiResponse {
  readonly status: number;
  readonly text: string;
  readonly header: (name: string) => string | null;
}

/**
 * Sends a request and reads its answer: `fetch` in a browser or the CLI, Playwright's request context in
 * end-to-end tests. A failure is the transport's own (no network, a timeout), with its own code.
 */
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse | Failure<string>>;

/** What one call takes: the path's params, the query, and the body the route declares. */
export type ApiInput<Route extends ApiRoute> = (ParamNames<Route['path']> extends never
  ? { readonly params?: Record<string, never> }
  : { readonly params: Readonly<Record<ParamNames<Route['path']>, string>> }) & {
  readonly query?: Readonly<Record<string, string | number | undefined>>;
} & BodyInput<Exclude<Route['body'], undefined>>;

type BodyInput<Body> = [Body] extends [never]
  ? { readonly body?: undefined }
  : Body extends { kind: 'json'; wire: infer Wire extends z.ZodType }
    ? { readonly body: z.input<Wire> }
    : { readonly body: Uint8Array | string };

/** A call that succeeded: its status and its parsed answer (undefined for an empty one). */
export interface ApiSuccess<Answer> {
  readonly ok: true;
  readonly status: number;
  readonly answer: Answer;
}

/**
 * A call that did not succeed: the relay's refusal (`{ error: { code, message } }`, HTTP2), with its
 * status and `Retry-After` when it gave one; `RESPONSE_INVALID` for an answer that breaks its schema (CT1)
 * or is not the relay's; or the transport's own failure (status 0).
 */
export type ApiFailure = Failure<string> & { readonly status: number; readonly retryAfter: string | null };

export type ApiResult<Route extends ApiRoute> = ApiSuccess<AnswerOf<Route>> | ApiFailure;

/** The typed client of the relay's API (API2): every call goes through a route's declaration. */
export interface ApiClient {
  call<Route extends ApiRoute>(route: Route, input: ApiInput<Route>): Promise<ApiResult<Route>>;
}

/** A client sending through `transport`; every request carries `headers` (credentials, say). */
export function createApiClient(transport: ApiTransport, headers: Readonly<Record<string, string>> = {}): ApiClient {
  return {
    async call(route, input) {
      const sent = await transport(requestFor(route, input, headers));
      if ('ok' in sent) return { ...sent, status: 0, retryAfter: null };
      return readApiAnswer(route, sent);
    },
  };
}

/** The request for one call of `route`: its path with params and query filled in, and its JSON body. */
export function requestFor<Route extends ApiRoute>(
  route: Route,
  input: ApiInput<Route>,
  headers: Readonly<Record<string, string>> = {},
): ApiRequest {
  const path = pathFor(route, input as PathInput);
  const body: unknown = input.body;
  if (body === undefined) return { method: route.method, path, headers };
  if (route.body?.kind === 'bytes') {
    const bytes = { ...headers, 'content-type': 'application/octet-stream' };
    return { method: route.method, path, headers: bytes, body: body as Uint8Array | string };
  }
  const json = { ...headers, 'content-type': 'application/json' };
  return { method: route.method, path, headers: json, body: JSON.stringify(body) };
}

/** The params and query of one call, as `pathFor` reads them. */
export interface PathInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
}

/** The path of one call: each param encoded into its place, then the query's defined values. */
export function pathFor(route: ApiRoute, input: PathInput): string {
  const params: Readonly<Record<string, string>> = input.params ?? {};
  const path = route.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.name}: no value for the path param ${name}`);
    return encodeURIComponent(value);
  });
  const query = Object.entries(input.query ?? {}).flatMap(([name, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`],
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** CT1: an answer read with the schema its route declares for its status. */
export function readApiAnswer<Route extends ApiRoute>(route: Route, response: ApiResponse): ApiResult<Route> {
  const declared = route.answers[response.status];
  if (!declared) return refusalOf(response);
  const retryAfter = response.header('retry-after');
  if (declared.kind === 'empty' || declared.kind === 'bytes')
    return { ok: true, status: response.status, answer: undefined as AnswerOf<Route> };
  const lines = declared.kind === 'lines' ? response.text.split('\n').filter((line) => line !== '') : null;
  const body = lines ? lines.map(parseJson) : parseJson(response.text);
  const parsed = (lines ? z.array(declared.schema) : declared.schema).safeParse(body);
  if (parsed.success) return { ok: true, status: response.status, answer: parsed.data as AnswerOf<Route> };
  return invalid(response, describeSchemaError(parsed.error, body), retryAfter);
}

function refusalOf(response: ApiResponse): ApiFailure {
  const retryAfter = response.header('retry-after');
  const refusal = ERROR_ANSWER.safeParse(parseJson(response.text));
  if (!refusal.success) return invalid(response, `the relay answered ${response.status}`, retryAfter);
  const { code, message } = refusal.data.error;
  return { ...fail(code, message), status: response.status, retryAfter };
}

function invalid(response: ApiResponse, message: string, retryAfter: string | null): ApiFailure {
  return { ...fail('RESPONSE_INVALID', message), status: response.status, retryAfter };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
