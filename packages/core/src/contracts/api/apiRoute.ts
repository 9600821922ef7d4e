import type { z } from 'zod';

/** The methods the relay's API answers to. */
export type ApiMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route (the relay decides it before the handler runs):
 * - `public`: anyone; a change must still come from the relay's own pages (its `Origin`);
 * - `session`: a signed-in browser; access tokens are refused;
 * - `any`: a session or an access token;
 * - `vault`: a session or a token that may use the vault of the path's first param (404 otherwise);
 * - `admin`: `npm run baalda` on the relay's own machine, with the admin key (ACC10).
 */
export type ApiAuth = 'public' | 'session' | 'any' | 'vault' | 'admin';

/** A path param: the characters it matches (a regular expression without anchors) and what it names. */
export interface ApiParam {
  readonly pattern: string;
  readonly description: string;
}

/** A query param: always text on the wire; `type` says how the relay reads it. */
export interface ApiQueryParam {
  readonly description: string;
  readonly type: 'string' | 'integer';
  readonly required?: boolean;
}

/**
 * What a request carries: JSON, or a file's bytes. `wire` is the JSON as documented and typed for clients;
 * `parse` the relay's own schema of it (CT1), which refuses field by field with the relay's codes and so
 * takes anything as input (absent where the relay checks the body with one of core's parsers instead).
 */
export type ApiBody =
  | { readonly kind: 'json'; readonly wire: z.ZodType; readonly parse?: z.ZodType }
  | { readonly kind: 'bytes'; readonly description: string };

/** One successful answer: JSON checked by `schema`, newline-delimited JSON lines, a file, or nothing (204). */
export type ApiAnswer =
  | { readonly kind: 'json'; readonly schema: z.ZodType }
  | { readonly kind: 'lines'; readonly schema: z.ZodType }
  | { readonly kind: 'bytes'; readonly description: string }
  | { readonly kind: 'empty' };

/**
 * One route of the relay's HTTP API, declared once (API1): the relay dispatches by it, the OpenAPI document
 * is generated from it, and the typed client builds its requests and reads its answers with it.
 */
export interface ApiRoute<
  Path extends string = string,
  Answers extends Readonly<Record<number, ApiAnswer>> = Readonly<Record<number, ApiAnswer>>,
  Auth extends ApiAuth = ApiAuth,
  Body extends ApiBody | undefined = ApiBody | undefined,
> {
  /** The route's name: the OpenAPI `operationId`, and how the typed client is asked for it. */
  readonly name: string;
  readonly method: ApiMethod;
  /** The path with its params in braces, in OpenAPI's form: `/api/vaults/{vaultId}/tree`. */
  readonly path: Path;
  readonly params: Readonly<Record<ParamNames<Path>, ApiParam>>;
  readonly query?: Readonly<Record<string, ApiQueryParam>>;
  readonly auth: Auth;
  readonly summary: string;
  /** Also answers HEAD: the GET's status and headers, no body. */
  readonly head?: boolean;
  readonly body?: Body;
  /** The answers of a call that succeeded, by status; every refusal is `{ error: { code, message } }` (HTTP2). */
  readonly answers: Answers;
}

/** The names in braces of a path: `ParamNames<'/a/{b}/c/{d}'>` is `'b' | 'd'`. */
export type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** A route's declaration, checked: the params in its path and its `params` name the same things. */
export function declareRoute<
  const Path extends string,
  const Answers extends Readonly<Record<number, ApiAnswer>>,
  const Auth extends ApiAuth,
  const Body extends ApiBody | undefined = undefined,
>(route: ApiRoute<Path, Answers, Auth, Body>): ApiRoute<Path, Answers, Auth, Body> {
  const named = paramNamesOf(route.path);
  const declared = Object.keys(route.params);
  if (named.join() !== declared.join())
    throw new Error(`${route.name}: the path names params ${named.join()} but declares ${declared.join()}`);
  return route;
}

/** The names of a path's params, in the order they appear. */
export function paramNamesOf(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1] ?? '');
}

/** What the typed client gives for one declared answer: JSON parsed, each line parsed, or nothing (a file's
 * bytes are fetched by URL, `pathFor`). */
export type JsonAnswerOf<Answer> = Answer extends { kind: 'json'; schema: z.ZodType<infer Output> }
  ? Output
  : Answer extends { kind: 'lines'; schema: z.ZodType<infer Line> }
    ? Line[]
    : undefined;

/** Every JSON answer `route` may give on success, as parsed. */
export type AnswerOf<Route extends ApiRoute> = {
  [Status in keyof Route['answers']]: JsonAnswerOf<Route['answers'][Status]>;
}[keyof Route['answers']];
