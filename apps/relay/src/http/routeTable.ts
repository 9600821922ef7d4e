import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from './httpErrors';

/** One route: method and path pattern (its groups are the handler's `params`). */
export interface TableRoute {
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  readonly pattern: RegExp;
  /** A 405 on this route's path says which methods to use ("Use GET or HEAD."), not the catalog's sentence. */
  readonly namesMethods?: boolean;
}

/** A request whose path matched a route. */
export interface MatchedRequest {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly params: readonly string[];
}

/** Who may call a route, decided outside the table: the table itself knows nothing of callers. */
export interface RouteEntry<Route extends TableRoute> {
  /** Gives the run of the route's handler for this caller, or answers (401, 403, 404) and gives null. */
  enter(route: Route, matched: MatchedRequest): Promise<(() => Promise<void>) | null>;
  /**
   * True when the caller of the route's path is checked before its method, so only a caller who may use
   * the path learns which methods it has.
   */
  checksCallerFirst(route: Route): boolean;
}

/**
 * Runs the first route matching path and method; false when no pattern matches the path. Answers 405
 * (with `Allow`) for a known path and another method.
 */
export async function dispatchTable<Route extends TableRoute>(
  routes: readonly Route[],
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  entry: RouteEntry<Route>,
): Promise<boolean> {
  const matching = routes.filter((route) => route.pattern.test(path));
  const first = matching[0];
  if (!first) return false;
  const route = matching.find((candidate) => candidate.method === request.method);
  if (route) {
    const run = await entry.enter(route, matchOf(route, request, response, path));
    if (run) await run();
    return true;
  }
  if (entry.checksCallerFirst(first) && !(await entry.enter(first, matchOf(first, request, response, path))))
    return true;
  refuseMethod(response, matching);
  return true;
}

function matchOf(route: TableRoute, request: IncomingMessage, response: ServerResponse, path: string): MatchedRequest {
  const params = (route.pattern.exec(path) ?? []).slice(1).map((param) => param ?? '');
  return { request, response, params };
}

function refuseMethod(response: ServerResponse, matching: readonly TableRoute[]): void {
  const methods = [...new Set(matching.map((route) => route.method))];
  response.setHeader('Allow', methods.join(', '));
  const namesMethods = matching.some((route) => route.namesMethods);
  sendError(response, 'METHOD_NOT_ALLOWED', namesMethods ? `Use ${methods.join(' or ')}.` : undefined);
}
