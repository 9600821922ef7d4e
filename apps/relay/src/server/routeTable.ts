import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessService } from '../access/accessService';
import type { Caller } from '../access/callers';
import { sendError } from './httpErrors';
import { type EdgeSettings, refuseForeignOrigin, requireCaller } from './requestAuth';

/** What every table-routed handler can use. */
export interface RouteContext {
  readonly access: AccessService;
  readonly edge: EdgeSettings;
  readonly clock: () => Date;
}

/**
 * One route: method, path pattern (its groups are the handler's `params`) and who may call it —
 * `session` (a signed-in browser; tokens are refused, ACC: tokens can't mint tokens or change members)
 * or `any` (session or token).
 */
export interface Route<Context extends RouteContext> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly pattern: RegExp;
  readonly auth: 'session' | 'any';
  readonly handle: (call: RouteCall<Context>) => Promise<void>;
}

/** A matched, authenticated request. */
export interface RouteCall<Context extends RouteContext> {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly context: Context;
  readonly params: readonly string[];
  readonly caller: Caller;
  readonly now: Date;
}

/**
 * Runs the first route matching path and method; false when no pattern matches the path. Answers 405
 * (with `Allow`) for a known path and another method, 401 without credentials, 403 for a token on a
 * session route or a foreign `Origin` on a cookie-authenticated change.
 */
export async function dispatch<Context extends RouteContext>(
  routes: readonly Route<Context>[],
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: Context,
): Promise<boolean> {
  const matching = routes.filter((route) => route.pattern.test(path));
  if (matching.length === 0) return false;
  const route = matching.find((candidate) => candidate.method === request.method);
  if (!route) {
    response.setHeader('Allow', [...new Set(matching.map((candidate) => candidate.method))].join(', '));
    sendError(response, 'METHOD_NOT_ALLOWED');
    return true;
  }
  const now = context.clock();
  const caller = await requireCaller(request, response, context.access, now);
  if (!caller) return true;
  if (route.auth === 'session' && caller.kind !== 'session') {
    sendError(response, 'FORBIDDEN', 'Sign in to do this: access tokens cannot manage accounts or tokens.');
    return true;
  }
  if (refuseForeignOrigin(request, response, caller, context.edge)) return true;
  const params = (route.pattern.exec(path) ?? []).slice(1).map((param) => param ?? '');
  await route.handle({ request, response, context, params, caller, now });
  return true;
}
