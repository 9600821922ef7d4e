import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  McpError,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { RelayRefusal } from './mcpStdioRelay';

/**
 * A JSON-RPC error sent as it is: the SDK sends a thrown error's `code`, `message` and `data`, and an
 * McpError's message already carries an `MCP error <code>: ` prefix, which would be doubled.
 */
class ForwardedError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * MCP on stdin/stdout for clients that only speak stdio, answered by the relay: `tools/list`,
 * `tools/call` and the resource requests (`resources/list`, `resources/templates/list`,
 * `resources/read`) go to `relay` unchanged and its answers come back unchanged (`isError`, `content`,
 * `structuredContent`), as do its name, version and instructions. The tools are the relay's, not a copy,
 * so a read-only token sees only the read tools here too.
 */
export function createBridgeServer(relay: Client, log: (line: string) => void): Server {
  const server = new Server(relay.getServerVersion() ?? { name: 'baalda', version: '1.0.0' }, {
    capabilities: { tools: {}, ...(relay.getServerCapabilities()?.resources ? { resources: {} } : {}) },
    ...(relay.getInstructions() === undefined ? {} : { instructions: relay.getInstructions() }),
  });
  const forward = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw forwardedErrorOf(error, log);
    }
  };
  server.setRequestHandler(ListToolsRequestSchema, (request, extra) =>
    forward(() =>
      relay.request({ method: 'tools/list', params: request.params }, ListToolsResultSchema, { signal: extra.signal }),
    ),
  );
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    forward(() =>
      relay.request({ method: 'tools/call', params: request.params }, CallToolResultSchema, { signal: extra.signal }),
    ),
  );
  if (relay.getServerCapabilities()?.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, (request, extra) =>
      forward(() =>
        relay.request({ method: 'resources/list', params: request.params }, ListResourcesResultSchema, {
          signal: extra.signal,
        }),
      ),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, (request, extra) =>
      forward(() =>
        relay.request(
          { method: 'resources/templates/list', params: request.params },
          ListResourceTemplatesResultSchema,
          { signal: extra.signal },
        ),
      ),
    );
    server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
      forward(() =>
        relay.request({ method: 'resources/read', params: request.params }, ReadResourceResultSchema, {
          signal: extra.signal,
        }),
      ),
    );
  }
  return server;
}

// The relay's JSON-RPC errors (an unknown tool is InvalidParams) keep their code and message; a refusal
// at the relay's door (a revoked token, the rate limit) has no JSON-RPC code of its own, so it is an
// internal error whose message starts with the relay's stable code. Those are logged too: the person
// reading the client's log should not have to find them in a model's transcript.
function forwardedErrorOf(error: unknown, log: (line: string) => void): ForwardedError {
  if (error instanceof McpError) {
    const prefix = `MCP error ${error.code}: `;
    const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return new ForwardedError(error.code, message, error.data);
  }
  const message = error instanceof RelayRefusal ? error.message : `RELAY_UNEXPECTED: ${(error as Error).message}`;
  log(`baalda mcp-stdio: ${message}`);
  return new ForwardedError(ErrorCode.InternalError, message);
}
