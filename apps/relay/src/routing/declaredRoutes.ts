import type { ServerResponse } from 'node:http';
import { type Failure, RELAY_ERRORS, type RelayErrorCode } from '@baalda/core';
import type { ApiRoute } from '@baalda/core/api';
import type { z } from 'zod';
import { sendError, sendJson } from '../http/httpErrors';
import type { PlainCall, Route, RouteCall, VaultCall } from './callerRoutes';

/** The call a route's handler gets, by who may call it (see `Route`). */
export type CallFor<Auth, Context> = Auth extends 'public' | 'admin'
  ? PlainCall<Context>
  : Auth extends 'vault'
    ? VaultCall<Context>
    : RouteCall<Context>;

type BodyOf<Answer> = Answer extends { kind: 'json'; schema: z.ZodType<unknown, infer Input> }
  ? Input
  : Answer extends { kind: 'empty' }
    ? undefined
    : never;

/** An answer a route declares, as its handler gives it: a status and the body declared for it (API1). */
export type AnswerTo<Route extends ApiRoute> = {
  [Status in keyof Route['answers'] & number]: {
    readonly status: Status;
    readonly body: BodyOf<Route['answers'][Status]>;
  };
}[keyof Route['answers'] & number];

/**
 * What a handler gives back: an answer its route declares, a refusal (`{ error: { code, message } }`,
 * HTTP2), or nothing when it sent the answer itself (a file's bytes, a stream of lines).
 */
export type Handled<Route extends ApiRoute> = AnswerTo<Route> | Failure<RelayErrorCode> | undefined;

// `Promise<void>` too: a handler that sends its answer itself (cookies, streams) need not say so.
type Handler<Route extends ApiRoute, Context> = (
  call: CallFor<Route['auth'], Context>,
) => Promise<Handled<Route>> | Promise<void> | Handled<Route>;

/** How the relay serves a route beyond its declaration. */
export interface ServeOptions<Context> {
  /** A 405 on this path names the methods to use ("Use GET or HEAD."). */
  readonly namesMethods?: boolean;
  /** Checks of the other params that answer before the method is looked at; true after refusing. */
  readonly refuseParams?: (call: VaultCall<Context>) => boolean;
}

/**
 * The relay's entries for one declared route (API1): its method, its path as a pattern whose groups are
 * the params in order, who may call it, and its handler, whose answer is sent as declared. A route that
 * also answers HEAD gets a second entry.
 */
export function serve<Context, const Declared extends ApiRoute>(
  route: Declared,
  handle: Handler<Declared, Context>,
  options: ServeOptions<Context> = {},
): Route<Context>[] {
  const pattern = patternOf(route);
  const run = async (call: PlainCall<Context>) => {
    const handled = await handle(call as CallFor<Declared['auth'], Context>);
    sendHandled(call.response, route, handled ?? undefined);
  };
  const entry = { method: route.method, pattern, auth: route.auth, handle: run, ...options } as Route<Context>;
  return route.head ? [entry, { ...entry, method: 'HEAD' }] : [entry];
}

/** The pattern of a declared path: `/api/vaults/{vaultId}/tree` → `^/api/vaults/([^/]+)/tree$`. */
export function patternOf(route: ApiRoute): RegExp {
  const params: Readonly<Record<string, { pattern: string }>> = route.params;
  const parts = route.path.split(/(\{[A-Za-z]+\})/).map((part) => {
    const param = /^\{([A-Za-z]+)\}$/.exec(part)?.[1];
    return param === undefined ? escapeRegExp(part) : `(${params[param]?.pattern})`;
  });
  return new RegExp(`^${parts.join('')}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sendHandled(response: ServerResponse, route: ApiRoute, handled: Handled<ApiRoute> | undefined): void {
  if (handled === undefined) return;
  if ('code' in handled) {
    sendError(response, handled.code, handled.message);
  } else if (route.answers[handled.status]?.kind === 'empty') {
    response.writeHead(handled.status, { 'Cache-Control': 'no-store' });
    response.end();
  } else {
    sendJson(response, handled.status, handled.body);
  }
}

/** A declared answer, as a handler gives it back. */
export function respond<const Status extends number, Body>(status: Status, body: Body): { status: Status; body: Body } {
  return { status, body };
}

/** The answer of a route whose declared answer has no body (204). */
export const NO_CONTENT = { status: 204, body: undefined } as const;

/** A refusal, as a handler gives it back: its code, and its catalog message unless one is given (HTTP2). */
export function refuse(code: RelayErrorCode, message: string = RELAY_ERRORS[code]): Failure<RelayErrorCode> {
  return { ok: false, code, message };
}
