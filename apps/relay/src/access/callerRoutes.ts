import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../http/httpErrors';
import { dispatchTable, type MatchedRequest, type TableRoute } from '../http/routeTable';
import type { EdgeSettings } from '../support/edgeSettings';
import type { AccessService } from './accessService';
import type { Caller } from './callers';
import { refuseForeignOrigin, requireCaller } from './requestAuth';

/** What every route called by a signed-in person or a token can use. */
export interface RouteContext {
  readonly access: AccessService;
  readonly edge: EdgeSettings;
  readonly clock: () => Date;
}

/**
 * A route of the API and who may call it — `session` (a signed-in browser; tokens are refused, ACC: tokens
 * can't mint tokens or change members) or `any` (session or token).
 */
export interface Route<Context extends RouteContext> extends TableRoute<RouteCall<Context>> {
  readonly auth: 'session' | 'any';
}

/** A matched, authenticated request. */
export interface RouteCall<Context extends RouteContext> extends MatchedRequest {
  readonly context: Context;
  readonly caller: Caller;
  readonly now: Date;
}

/**
 * Runs the matching route of `routes` (see dispatchTable) for its caller: 401 without credentials, 403 for a
 * token on a session route or a foreign `Origin` on a cookie-authenticated change.
 */
export function dispatch<Context extends RouteContext>(
  routes: readonly Route<Context>[],
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: Context,
): Promise<boolean> {
  return dispatchTable<Route<Context>, RouteCall<Context>>(routes, request, response, path, (route, matched) =>
    enterAsCaller(route, matched, context),
  );
}

async function enterAsCaller<Context extends RouteContext>(
  route: Route<Context>,
  matched: MatchedRequest,
  context: Context,
): Promise<RouteCall<Context> | null> {
  const { request, response } = matched;
  const now = context.clock();
  const caller = await requireCaller(request, response, context.access, now);
  if (!caller) return null;
  if (route.auth === 'session' && caller.kind !== 'session') {
    sendError(response, 'FORBIDDEN', 'Sign in to do this: access tokens cannot manage accounts or tokens.');
    return null;
  }
  if (refuseForeignOrigin(request, response, caller, context.edge)) return null;
  return { ...matched, context, caller, now };
}
