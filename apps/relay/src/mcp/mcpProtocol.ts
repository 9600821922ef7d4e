// The MCP SDK and its schemas take a good part of a second to load. They are loaded with the first MCP
// request rather than at start-up, so a relay that never serves an assistant never pays for them.
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { createMcpServer } from './mcpServer';

export interface McpProtocol {
  readonly Transport: typeof StreamableHTTPServerTransport;
  readonly createMcpServer: typeof createMcpServer;
}

let loading: Promise<McpProtocol> | undefined;

export function loadMcpProtocol(): Promise<McpProtocol> {
  loading ??= Promise.all([import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./mcpServer')]).then(
    ([sdk, server]) => ({ Transport: sdk.StreamableHTTPServerTransport, createMcpServer: server.createMcpServer }),
  );
  return loading;
}
