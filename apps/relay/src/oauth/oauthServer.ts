import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAUTH_SCOPES } from '@baalda/core';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Request, Response } from 'express';
import { sendError } from '../http/httpErrors';
import { OAUTH_NEEDS_HTTPS, refuseForeignResource, refuseWhereNotOffered, showAuthorizeErrors } from './oauthGuards';
import { mcpResourceOf, oauthOriginOf } from './oauthOrigin';
import { createOAuthProvider, type OAuthProviderContext } from './oauthProvider';

/** OAU8: the discovery documents, at the root as RFC 8414 and RFC 9728 place them. */
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The OAuth endpoints, where the SDK's metadata names them (and where older clients guess them). */
const ENDPOINT_PATHS = ['/authorize', '/token', '/register', '/revoke'] as const;
const METADATA_PATHS = [
  AUTHORIZATION_SERVER_METADATA_PATH,
  PROTECTED_RESOURCE_METADATA_PATH,
  `${PROTECTED_RESOURCE_METADATA_PATH}/mcp`,
];

/** True for every path the OAuth server answers. */
export function isOAuthPath(path: string): boolean {
  return (ENDPOINT_PATHS as readonly string[]).includes(path) || METADATA_PATHS.includes(path);
}

type OAuthHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * OAU8: the authorization server. Express and the SDK's handlers are loaded with the first OAuth
 * request, so a relay nobody connects an assistant to never holds them (as with the MCP SDK itself).
 */
export function createOAuthServer(context: OAuthProviderContext): OAuthHandler {
  let loading: Promise<OAuthHandler> | null = null;
  return async (request, response) => {
    loading ??= buildOAuthServer(context);
    return (await loading)(request, response);
  };
}

async function buildOAuthServer(context: OAuthProviderContext): Promise<OAuthHandler> {
  const [{ default: express }, errors, sdk] = await Promise.all([
    import('express'),
    import('@modelcontextprotocol/sdk/server/auth/errors.js'),
    loadSdkHandlers(),
  ]);
  const provider = createOAuthProvider(context, errors);
  // The SDK's limits per address (its defaults: 100 authorizations and 50 token requests per 15 minutes,
  // 20 registrations an hour); its header checks are off because the relay decides proxy trust itself.
  const rateLimit = { validate: false } as const;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', context.edge.trustProxy);
  app.use(refuseWhereNotOffered(context.edge));
  // The SDK parses the same way; a body parsed here is not read twice.
  const form = express.urlencoded({ extended: false });
  const ownResource = refuseForeignResource(context.edge, errors);
  app.use('/authorize', showAuthorizeErrors(), form, ownResource, sdk.authorizationHandler({ provider, rateLimit }));
  app.use('/token', form, ownResource, sdk.tokenHandler({ provider, rateLimit }));
  app.use('/register', sdk.clientRegistrationHandler({ clientsStore: provider.clientsStore, rateLimit }));
  app.use('/revoke', sdk.revocationHandler({ provider, rateLimit }));
  app.use((req: Request, res: Response, next) => {
    if (!METADATA_PATHS.includes(req.path)) return next();
    const origin = oauthOriginOf(req, context.edge);
    const documents = origin ? metadataFor(origin, sdk.createOAuthMetadata, provider) : null;
    if (!documents) {
      res.status(404).json({ error: 'not_found', error_description: OAUTH_NEEDS_HTTPS });
      return;
    }
    const document = req.path === AUTHORIZATION_SERVER_METADATA_PATH ? documents.server : documents.resource;
    // The SDK's handler answers at its own root (with CORS and its methods), wherever it is mounted.
    req.url = '/';
    sdk.metadataHandler(document)(req, res, next);
  });
  return (request, response) =>
    new Promise<void>((resolve) => {
      response.once('finish', resolve);
      response.once('close', resolve);
      app(request as Request, response as Response, () => {
        if (!response.headersSent) sendError(response, 'NOT_FOUND', 'Nothing is served at this path.');
        resolve();
      });
    });
}

/** The two discovery documents for one origin; null where OAuth may not be offered (plain http off loopback). */
function metadataFor(
  origin: string,
  createOAuthMetadata: SdkHandlers['createOAuthMetadata'],
  provider: ReturnType<typeof createOAuthProvider>,
): { server: OAuthMetadata; resource: OAuthProtectedResourceMetadata } | null {
  let server: OAuthMetadata;
  try {
    server = createOAuthMetadata({
      provider,
      issuerUrl: new URL(origin),
      scopesSupported: Object.values(OAUTH_SCOPES),
    });
  } catch {
    return null;
  }
  // Every client is public (oauthClients): say so rather than the SDK's default of secrets too.
  server = {
    ...server,
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
  };
  const resource: OAuthProtectedResourceMetadata = {
    resource: mcpResourceOf(origin),
    authorization_servers: [server.issuer],
    scopes_supported: Object.values(OAUTH_SCOPES),
    bearer_methods_supported: ['header'],
    resource_name: 'Baalda',
  };
  return { server, resource };
}

type SdkHandlers = Awaited<ReturnType<typeof loadSdkHandlers>>;

async function loadSdkHandlers() {
  const [authorize, token, register, revoke, metadata, router] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/auth/handlers/authorize.js'),
    import('@modelcontextprotocol/sdk/server/auth/handlers/token.js'),
    import('@modelcontextprotocol/sdk/server/auth/handlers/register.js'),
    import('@modelcontextprotocol/sdk/server/auth/handlers/revoke.js'),
    import('@modelcontextprotocol/sdk/server/auth/handlers/metadata.js'),
    import('@modelcontextprotocol/sdk/server/auth/router.js'),
  ]);
  return {
    authorizationHandler: authorize.authorizationHandler,
    tokenHandler: token.tokenHandler,
    clientRegistrationHandler: register.clientRegistrationHandler,
    revocationHandler: revoke.revocationHandler,
    metadataHandler: metadata.metadataHandler,
    createOAuthMetadata: router.createOAuthMetadata,
  };
}
