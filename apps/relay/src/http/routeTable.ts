import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from './httpErrors';

/** One route: method and path pattern (its groups are the handler's `params`); `Call` is what it is given. */
export interface TableRoute<Call> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly pattern: RegExp;
  readonly handle: (call: Call) => Promise<void>;
}

/** A request whose path matched a route. */
export interface MatchedRequest {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly params: readonly string[];
}

/**
 * Runs the first route matching path and method; false when no pattern matches the path. Answers 405
 * (with `Allow`) for a known path and another method. `enter` decides who may call the matched route and
 * makes its call, or answers (401, 403) and gives null — the table itself knows nothing of callers.
 */
export async function dispatchTable<Route extends TableRoute<Call>, Call>(
  routes: readonly Route[],
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  enter: (route: Route, matched: MatchedRequest) => Promise<Call | null>,
): Promise<boolean> {
  const matching = routes.filter((route) => route.pattern.test(path));
  if (matching.length === 0) return false;
  const route = matching.find((candidate) => candidate.method === request.method);
  if (!route) {
    response.setHeader('Allow', [...new Set(matching.map((candidate) => candidate.method))].join(', '));
    sendError(response, 'METHOD_NOT_ALLOWED');
    return true;
  }
  const params = (route.pattern.exec(path) ?? []).slice(1).map((param) => param ?? '');
  const call = await enter(route, { request, response, params });
  if (call) await route.handle(call);
  return true;
}
