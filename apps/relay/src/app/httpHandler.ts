import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../http/httpErrors';
import { decodePath } from '../http/requestPath';
import { serveStaticFile } from '../http/staticFiles';
import { handleMcpRequest, MCP_PATH, type McpRouteContext } from '../mcp/mcpRoute';
import { isOAuthPath } from '../oauth/oauthServer';
import type { Logger } from '../support/logger';
import { type ApiContext, handleApiRequest } from './apiRoutes';

/** Everything the HTTP side of the relay needs. */
export interface HttpContext extends ApiContext {
  /** MCP1: the assistants' route. */
  readonly mcp: McpRouteContext;
  /** OAU8: the authorization server remote assistants sign in through. */
  readonly oauth: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  readonly webDir: string;
  readonly logger: Logger;
}

/** Routes `/api/*` to the API and everything else to the exported web app. */
export function createHttpHandler(context: HttpContext) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    route(request, response, context).catch((error: unknown) => {
      context.logger.error('http request failed', { url: request.url, message: (error as Error).message });
      if (!response.headersSent) sendError(response, 'INTERNAL_ERROR');
      else response.destroy();
    });
  };
}

async function route(request: IncomingMessage, response: ServerResponse, context: HttpContext): Promise<void> {
  const path = decodePath(request.url ?? '/');
  if (path === null) return sendError(response, 'REQUEST_INVALID', 'The URL path is not valid percent-encoding.');
  if (path === MCP_PATH) return handleMcpRequest(request, response, context.mcp);
  if (isOAuthPath(path)) return context.oauth(request, response);
  if (isWebAppPath(path)) return serveStaticFile(request, response, path, context.webDir);
  return handleApiRequest(request, response, path, context);
}

/** True for the web app's files: every path but the API's, the assistants' route and OAuth's. */
export function isWebAppPath(path: string): boolean {
  return !(path === '/api' || path.startsWith('/api/') || path === MCP_PATH || isOAuthPath(path));
}
