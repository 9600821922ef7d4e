import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';

/** An MCP client (the official SDK's) connected to a test relay's `/mcp` with `token`. */
export async function connectMcp(httpUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'baalda-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${httpUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tool's answer, with its text and (for successes) its structured content. */
export interface ToolAnswer {
  readonly isError: boolean;
  readonly text: string;
  readonly structured: Record<string, unknown> | undefined;
  readonly raw: unknown;
}

/** Calls a tool and flattens its answer for assertions. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return {
    isError: result.isError === true,
    text: content.map((block) => block.text ?? '').join('\n'),
    structured: result.structuredContent as Record<string, unknown> | undefined,
    raw: result,
  };
}

/** Posts one raw JSON-RPC message to `/mcp` (for what the SDK client would never send). */
export function postMcp(httpUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${httpUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

/** Creates `Policies/Refunds.md` through `client`, reads it back, and answers its docId (both transports' round trip starts so). */
export async function createAndReadRefunds(client: Client): Promise<string> {
  const created = await callTool(client, 'create_note', {
    path: 'Policies/Refunds.md',
    text: '# Refunds\n\nWe refund within 30 days.',
  });
  expect(created.isError, created.text).toBe(false);
  const docId = String(created.structured?.docId);
  const read = await callTool(client, 'read_note', { docId });
  expect(read.structured).toMatchObject({ docId, path: 'Policies/Refunds.md', truncated: false, offset: 0 });
  expect(String(read.structured?.text)).toContain('We refund within 30 days.');
  return docId;
}
