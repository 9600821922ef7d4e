import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '@baalda/core';
import { guardOf } from '../access/vaultGuard';
import { sendError } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { Logger } from '../support/logger';
import { type McpGateContext, passMcpGate } from './mcpGate';
import { loadMcpProtocol } from './mcpProtocol';
import { createRelayMcpStore, type McpStoreDependencies } from './relayMcpStore';

/** The one path the MCP route is served on. */
export const MCP_PATH = '/mcp';

/** What the MCP route needs. */
export interface McpRouteContext extends McpGateContext, McpStoreDependencies {
  readonly logger: Logger;
}

/**
 * MCP1/MCP2: `POST /mcp`, Streamable HTTP in stateless JSON mode. Token, Origin and rate are checked
 * before the body is read; the body is bounded (LIM11); the caller's token decides the vault and
 * whether write tools exist at all. `GET` (a server-sent event stream) and `DELETE` (ending a session)
 * have no meaning without sessions: 405.
 */
export async function handleMcpRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: McpRouteContext,
): Promise<void> {
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    return sendError(response, 'METHOD_NOT_ALLOWED', 'This MCP endpoint is stateless: POST only.');
  }
  const caller = await passMcpGate(request, response, context);
  if (!caller) return;
  const now = context.clock();
  const vault = await context.access.callers.vaultAccess(caller, caller.token.vaultId, now);
  if (!vault) return sendError(response, 'UNAUTHENTICATED', 'This token no longer opens its vault.');
  const body = await readJsonBody(request, LIMITS.maxMcpBodyBytes);
  if (!body.ok) return sendError(response, body.code, body.message);
  const guard = guardOf(vault, now);
  const store = createRelayMcpStore(context, caller.token.vaultId, guard);
  const { Transport, createMcpServer } = await loadMcpProtocol();
  const server = createMcpServer(store, { readOnly: !guard.mayWriteVault }, context.logger);
  const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body.value);
}
