import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIMITS } from '@baalda/core';
import { guardOf } from '../access/vaultGuard';
import { sendError, sendJson } from '../http/httpErrors';
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
    return sendJsonRpcError(response, 405, 'SERVER_ERROR', 'This MCP endpoint is stateless: POST only.');
  }
  const caller = await passMcpGate(request, response, context);
  if (!caller) return;
  const now = context.clock();
  const vault = await context.access.callers.vaultAccess(caller, caller.token.vaultId, now);
  if (!vault) return sendError(response, 'UNAUTHENTICATED', 'This token no longer opens its vault.');
  if (!isJsonContent(request)) {
    return sendJsonRpcError(
      response,
      415,
      'SERVER_ERROR',
      'Unsupported Media Type: Content-Type must be application/json.',
    );
  }
  const body = await readJsonBody(request, LIMITS.maxMcpBodyBytes);
  if (!body.ok && body.code === 'REQUEST_TOO_LARGE') {
    // The rest of the body is never read; closing keeps a keep-alive client from sending into it.
    response.setHeader('Connection', 'close');
    return sendJsonRpcError(response, 413, 'INVALID_REQUEST', `Invalid Request: ${body.message}`);
  }
  if (!body.ok) return sendJsonRpcError(response, 400, 'PARSE_ERROR', `Parse error: ${body.message}`);
  const guard = guardOf(vault, now);
  const store = createRelayMcpStore(context, { vaultId: caller.token.vaultId, userId: caller.token.userId }, guard);
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

// JSON-RPC 2.0's codes for a message that never reached the MCP server (-32000 is the SDK's own for
// transport refusals). A client's JSON-RPC layer reads these; a `{ error: { code: 'REQUEST_…' } }` body
// would reach it as an unreadable answer.
const JSON_RPC_CODES = { PARSE_ERROR: -32700, INVALID_REQUEST: -32600, SERVER_ERROR: -32000 } as const;

/** A refusal of the transport as a JSON-RPC error: no request was read, so its id is null. */
function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  code: keyof typeof JSON_RPC_CODES,
  message: string,
): void {
  sendJson(response, status, { jsonrpc: '2.0', error: { code: JSON_RPC_CODES[code], message }, id: null });
}

function isJsonContent(request: IncomingMessage): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');
}
