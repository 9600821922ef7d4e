import {
  callMcpTool,
  listNoteResources,
  type McpStore,
  readNoteResource,
  renderToolError,
  toolsFor,
} from '@baalda/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../support/logger';

/** MCP's error code for a resource that does not exist (the specification's -32002). */
const RESOURCE_NOT_FOUND = -32002;

/** Tells the model the pattern once, at initialization; each tool's description repeats its part. */
const INSTRUCTIONS =
  "Baalda holds the team's notes, current text only. Search first (search_notes returns pointers, never " +
  'text), pick the hits that fit, then read just those (read_note, paged by offset; outline_note for a long ' +
  "note's parts). Change part of a note with edit_note. Keep drafts you write with save_draft, and before " +
  'saying a draft was never written, look for it (list_drafts, search_notes).';

/**
 * MCP1: one MCP server for one request, for one caller. Stateless by design: a fresh server and
 * transport per HTTP request, so no answer, session or id can cross between clients. Tools and their
 * handling are core's; this only maps them to the SDK (the SDK's high-level McpServer wants zod
 * schemas, core's are JSON Schema, so the low-level Server is used).
 */
export function createMcpServer(store: McpStore, caller: { readOnly: boolean }, logger: Logger): Server {
  const server = new Server(
    { name: 'baalda', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const listed = await listNoteResources(store, request.params?.cursor);
    if (!listed.ok) throw new McpError(ErrorCode.InvalidParams, listed.message);
    return { resources: listed.resources, ...(listed.nextCursor === null ? {} : { nextCursor: listed.nextCursor }) };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'baalda://notes/{docId}',
        name: 'note',
        title: 'A note by its docId',
        description: "A note's Markdown (from search_notes or list_notes), 20,000 characters a page.",
        mimeType: 'text/markdown',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const read = await readNoteResource(store, request.params.uri);
    if (read.ok) return { contents: [...read.contents], _meta: read._meta };
    // MCP's code for a resource that isn't there; a note the caller may not read is one (MCP6).
    if (read.code === 'NOTE_NOT_FOUND')
      throw new McpError(RESOURCE_NOT_FOUND, 'Resource not found', { uri: request.params.uri });
    throw new McpError(ErrorCode.InvalidParams, read.message);
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toolsFor(caller).map(({ readOnly: _readOnly, ...tool }) => tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: input } = request.params;
    let answer: Awaited<ReturnType<typeof callMcpTool>>;
    try {
      answer = await callMcpTool(name, input ?? {}, store, caller);
    } catch (error) {
      logger.error('mcp tool failed', { tool: name, message: (error as Error).message });
      answer = { ok: false, code: 'INTERNAL', message: 'The relay could not run this tool.' };
    }
    if (answer.ok) {
      return {
        structuredContent: answer.structuredContent as Record<string, unknown>,
        content: [{ type: 'text', text: answer.text }],
      };
    }
    // MCP says an unknown tool is a protocol error; every other refusal is the tool's own answer.
    if (answer.code === 'UNKNOWN_TOOL') throw new McpError(ErrorCode.InvalidParams, answer.message);
    return { isError: true, content: [{ type: 'text', text: renderToolError(answer) }] };
  });
  return server;
}
