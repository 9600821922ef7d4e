import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessService } from '../access/accessService';
import { refuseNonAdmin } from '../access/adminKey';
import type { Caller, VaultAccess } from '../access/callers';
import { refuseForeignOrigin, requireCaller, requireVault } from '../access/requestAuth';
import { guardOf, type VaultGuard } from '../access/vaultGuard';
import { sendError } from '../http/httpErrors';
import { dispatchTable, type MatchedRequest, type RouteEntry, type TableRoute } from '../http/routeTable';
import type { EdgeSettings } from '../support/edgeSettings';

/** What every route called by a signed-in person or a token can use. */
export interface RouteContext {
  readonly access: AccessService;
  readonly edge: EdgeSettings;
  readonly clock: () => Date;
}

/** What routes that change who may read what need: access, and a way to apply the change to open connections. */
export interface AccessRouteContext extends RouteContext {
  /** Closes or downgrades open connections after a change of rights (ACL6). */
  readonly recheckConnections: () => void;
  /**
   * After a change of who sees what in a vault: its clients re-read their trees (a new tree version) and
   * open connections are re-decided (ACL6).
   */
  readonly vaultAccessChanged: (vaultId: string) => Promise<void>;
}

/** What the relay gives every table it dispatches: the basics and the key admin routes ask for (ACC10). */
export interface EntryContext extends RouteContext {
  readonly adminKey: string;
}

/** A matched request and what its route may use; public and admin routes get no more. */
export interface PlainCall<Context> extends MatchedRequest {
  readonly context: Context;
}

/** A matched, authenticated request. */
export interface RouteCall<Context> extends PlainCall<Context> {
  readonly caller: Caller;
  readonly now: Date;
}

/** A matched request of a caller who may use the vault of the route's first param (`:vaultId`). */
export interface VaultCall<Context> extends RouteCall<Context> {
  readonly vault: VaultAccess;
  /** ACL4 for this request. */
  readonly guard: VaultGuard;
}

type Handler<Call> = (call: Call) => Promise<void> | void;

/**
 * A route of the API and who may call it:
 * - `public`: anyone; a change still must come from our own pages (CSRF, see refuseForeignOrigin);
 * - `session`: a signed-in browser; tokens are refused (ACC: tokens can't mint tokens or change members);
 * - `any`: a session or a token;
 * - `vault`: a session or a token that may use the vault named by the first param — 404 VAULT_NOT_FOUND
 *   otherwise, before the method is looked at;
 * - `admin`: `npm run baalda` on this machine with the admin key (ACC10), before the method is looked at.
 */
export type Route<Context> =
  | (TableRoute & { readonly auth: 'public' | 'admin'; readonly handle: Handler<PlainCall<Context>> })
  | (TableRoute & { readonly auth: 'session' | 'any'; readonly handle: Handler<RouteCall<Context>> })
  | (TableRoute & {
      readonly auth: 'vault';
      readonly handle: Handler<VaultCall<Context>>;
      /** Checks of the other params that answer before the method is looked at; true after refusing. */
      readonly refuseParams?: (call: VaultCall<Context>) => boolean;
    });

/**
 * Runs the matching route of `routes` (see dispatchTable) for its caller: 401 without credentials, 403 for a
 * token on a session route or a foreign `Origin` on a cookie-authenticated change, 404 for a vault that is
 * not the caller's, 403/401 for an admin route called from elsewhere or without the key.
 */
export function dispatchRoutes<Context extends EntryContext>(
  routes: readonly Route<Context>[],
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: Context,
): Promise<boolean> {
  const entry: RouteEntry<Route<Context>> = {
    enter: (route, matched) => enterRoute(route, matched, context),
    checksCallerFirst: (route) => route.auth === 'vault' || route.auth === 'admin',
  };
  return dispatchTable(routes, request, response, path, entry);
}

type Run = (() => Promise<void>) | null;

async function enterRoute<Context extends EntryContext>(
  route: Route<Context>,
  matched: MatchedRequest,
  context: Context,
): Promise<Run> {
  const plain = { ...matched, context };
  switch (route.auth) {
    case 'public':
      return enterPublic(plain, route.handle);
    case 'admin':
      return enterAsAdmin(plain, route.handle);
    case 'session':
    case 'any': {
      const call = await enterAsCaller(plain, route.auth);
      return call && (async () => route.handle(call));
    }
    case 'vault': {
      const call = await enterVault(plain);
      if (!call || route.refuseParams?.(call)) return null;
      return async () => route.handle(call);
    }
  }
}

function enterPublic<Context extends EntryContext>(call: PlainCall<Context>, handle: Handler<PlainCall<Context>>): Run {
  if (refuseForeignOrigin(call.request, call.response, null, call.context.edge)) return null;
  return async () => handle(call);
}

function enterAsAdmin<Context extends EntryContext>(
  call: PlainCall<Context>,
  handle: Handler<PlainCall<Context>>,
): Run {
  if (refuseNonAdmin(call.request, call.response, call.context.adminKey)) return null;
  return async () => handle(call);
}

async function enterAsCaller<Context extends EntryContext>(
  call: PlainCall<Context>,
  auth: 'session' | 'any',
): Promise<RouteCall<Context> | null> {
  const { request, response, context } = call;
  const now = context.clock();
  const caller = await requireCaller(request, response, context.access, now);
  if (!caller) return null;
  if (auth === 'session' && caller.kind !== 'session') {
    sendError(response, 'FORBIDDEN', 'Sign in to do this: access tokens cannot manage accounts or tokens.');
    return null;
  }
  if (refuseForeignOrigin(request, response, caller, context.edge)) return null;
  return { ...call, caller, now };
}

async function enterVault<Context extends EntryContext>(call: PlainCall<Context>): Promise<VaultCall<Context> | null> {
  const entered = await enterAsCaller(call, 'any');
  if (!entered) return null;
  const { response, context, caller, params, now } = entered;
  const vault = await requireVault(response, context.access, caller, params[0] ?? '', now);
  return vault && { ...entered, vault, guard: guardOf(vault, now) };
}
