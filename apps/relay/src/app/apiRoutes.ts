import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCOUNT_ROUTES, type AccountRouteContext } from '../access/accountRoutes';
import { ADMIN_ACCOUNT_ROUTES, type AdminAccountContext } from '../access/adminAccountRoutes';
import { refuseNonAdmin } from '../access/adminKey';
import { AUTH_ROUTES, type AuthContext } from '../access/authRoutes';
import { dispatchRoutes, type EntryContext, type PlainCall, type Route } from '../access/callerRoutes';
import { INVITE_ROUTES } from '../access/inviteRoutes';
import { RESTRICTION_ROUTES } from '../access/restrictionRoutes';
import { TOKEN_ROUTES } from '../access/tokenRoutes';
import { ATTACHMENT_ROUTES, type AttachmentRouteContext } from '../attachments/attachmentRoutes';
import { sendError, sendJson } from '../http/httpErrors';
import { BACKLINK_ROUTES, type BacklinkRouteContext } from '../links/backlinkRoutes';
import { OAUTH_ROUTES } from '../oauth/oauthRoutes';
import { type AdminContext, REINDEX_ROUTES } from '../search/reindexRoute';
import { VAULT_ROUTES, type VaultRouteContext } from '../vault/vaultRoutes';
import { VERSION_ROUTES, type VersionRouteContext } from '../versions/versionRoutes';

/** What the API routes need from the rest of the relay. */
export interface ApiContext
  extends EntryContext,
    AuthContext,
    AccountRouteContext,
    VaultRouteContext,
    AttachmentRouteContext,
    VersionRouteContext,
    BacklinkRouteContext,
    AdminContext,
    AdminAccountContext {
  readonly backend: string;
}

/** `GET /api/health`: up, and on which database. */
const HEALTH_ROUTES: readonly Route<ApiContext>[] = [
  { method: 'GET', pattern: /^\/api\/health$/, auth: 'public', namesMethods: true, handle: sendHealth },
  { method: 'HEAD', pattern: /^\/api\/health$/, auth: 'public', namesMethods: true, handle: sendHealth },
];

/** HTTP13: every route of `/api/*`, one table per domain; each route says who may call it. */
export const ROUTE_TABLES = {
  health: HEALTH_ROUTES,
  auth: AUTH_ROUTES,
  account: ACCOUNT_ROUTES,
  invites: INVITE_ROUTES,
  vaults: VAULT_ROUTES,
  restrictions: RESTRICTION_ROUTES,
  tokens: TOKEN_ROUTES,
  oauth: OAUTH_ROUTES,
  attachments: ATTACHMENT_ROUTES,
  versions: VERSION_ROUTES,
  backlinks: BACKLINK_ROUTES,
  reindex: REINDEX_ROUTES,
  adminAccounts: ADMIN_ACCOUNT_ROUTES,
} as const;

const ROUTES: readonly Route<ApiContext>[] = Object.values(ROUTE_TABLES).flat();

/** Handles `/api/*`; every answer is JSON. */
export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  context: ApiContext,
): Promise<void> {
  if (await dispatchRoutes(ROUTES, request, response, path, context)) return;
  if (!isAdminPath(path)) return sendError(response, 'NOT_FOUND', `No API route at ${path}.`);
  // ACC10: no admin route is named to a caller who is not the admin.
  if (refuseNonAdmin(request, response, context.adminKey)) return;
  sendError(response, 'NOT_FOUND', `No admin route at ${path}.`);
}

function isAdminPath(path: string): boolean {
  return path === '/api/admin' || path.startsWith('/api/admin/');
}

function sendHealth({ response, context }: PlainCall<ApiContext>): void {
  sendJson(response, 200, { ok: true, backend: context.backend });
}
