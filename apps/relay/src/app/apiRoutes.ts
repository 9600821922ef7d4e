import type { IncomingMessage, ServerResponse } from 'node:http';
import { API, API_ROUTES, buildOpenApiDocument } from '@baalda/core/api';
import { refuseNonAdmin } from '../access/adminKey';
import { ACCOUNT_ROUTES, type AccountRouteContext } from '../accounts/accountRoutes';
import { ADMIN_ACCOUNT_ROUTES, type AdminAccountContext } from '../accounts/adminAccountRoutes';
import { AUTH_ROUTES, type AuthContext } from '../accounts/authRoutes';
import { INVITE_ROUTES } from '../accounts/inviteRoutes';
import { RESTRICTION_ROUTES } from '../accounts/restrictionRoutes';
import { TOKEN_ROUTES } from '../accounts/tokenRoutes';
import { ATTACHMENT_ROUTES, type AttachmentRouteContext } from '../attachments/attachmentRoutes';
import { sendError } from '../http/httpErrors';
import { BACKLINK_ROUTES, type BacklinkRouteContext } from '../links/backlinkRoutes';
import { OAUTH_ROUTES } from '../oauth/oauthRoutes';
import { dispatchRoutes, type EntryContext, type PlainCall, type Route } from '../routing/callerRoutes';
import { respond, serve } from '../routing/declaredRoutes';
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

// The API's version in its OpenAPI document: the relay's package version.
const API_VERSION = '0.1.0';

/** `GET /api/health`: up, and on which database; `GET /api/openapi.json`: this API (API3). */
const SERVICE_ROUTES: readonly Route<ApiContext>[] = [
  ...serve(API.health, ({ context }: PlainCall<ApiContext>) => respond(200, { ok: true, backend: context.backend }), {
    namesMethods: true,
  }),
  ...serve(API.openApiDocument, () => respond(200, openApiDocument()), { namesMethods: true }),
];

let builtDocument: ReturnType<typeof buildOpenApiDocument> | undefined;

// Built on first use: its schemas are the same for the relay's whole life.
function openApiDocument(): { openapi: '3.1.0' } {
  builtDocument ??= buildOpenApiDocument(API_ROUTES, API_VERSION);
  return builtDocument as { openapi: '3.1.0' };
}

/** HTTP13: every route of `/api/*`, one table per domain; each route says who may call it. */
export const ROUTE_TABLES = {
  service: SERVICE_ROUTES,
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
