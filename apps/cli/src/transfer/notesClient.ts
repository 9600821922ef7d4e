import { MCP_LIMITS, MCP_OUTPUT_SCHEMAS } from '@baalda/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { CliError, EXIT } from '../cliError';
import { errorOfBody, parseRelayAnswer } from '../relayAnswer';
import type { RelayClient } from '../relayClient';
import { causeOf } from '../relayHttp';

/** A note's text as export and import need it, through the relay's MCP tools (the only door to text). */
export interface NotesClient {
  /** False for a read-only token (or a viewer's): the relay offers it no write tools. */
  readonly writable: boolean;
  /** The note's whole Markdown, read page by page (`read_note`). */
  read(docId: string): Promise<string>;
  /** A new note at `path` (`create_note`); answers where it landed. */
  create(path: string, markdown: string): Promise<{ docId: string; path: string }>;
  /** Makes the note's Markdown `markdown` by the smallest change to its live document (`update_note`). */
  update(docId: string, markdown: string): Promise<void>;
  close(): Promise<void>;
}

// 429 answers say when to come back; a large import meets the token's rate (LIM10) and waits it out.
const MAX_RATE_RETRIES = 30;
const MAX_RETRY_WAIT_MS = 30_000;

/**
 * Connects to `<relay>/mcp` with the relay client's token. A refused token or no relay is a CliError.
 * `onWait` hears once that the relay is pacing the token (LIM10), which a large transfer will meet.
 */
export async function connectNotes(relay: RelayClient, onWait: (line: string) => void): Promise<NotesClient> {
  const client = new Client({ name: 'baalda-transfer', version: '1.0.0' });
  let told = false;
  const onPaced = (line: string) => {
    if (!told) onWait(line);
    told = true;
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${relay.baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${relay.token}` } },
    fetch: (url, init) => fetchPatiently(url, init, onPaced),
  });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const call: ToolCall = (name, args) => callTool(client, name, args);
  return {
    writable: tools.some((tool) => tool.name === 'update_note'),
    read: (docId) => readWhole(call, docId),
    async create(path, markdown) {
      const { docId, path: given } = await call('create_note', { path, text: markdown });
      return { docId, path: given };
    },
    async update(docId, markdown) {
      await call('update_note', { docId, text: markdown });
    },
    close: () => client.close(),
  };
}

// MCP4: pages join to the whole text, each starting where the last one ended.
async function readWhole(call: ToolCall, docId: string): Promise<string> {
  let text = '';
  for (let offset = 0; ; ) {
    const page = await call('read_note', { docId, offset, maxChars: MCP_LIMITS.maxReadChars });
    text += page.text;
    if (!page.truncated) return text;
    if (page.text === '') throw new Error('read_note answered an empty page before the end');
    offset = page.offset + page.text.length;
  }
}

type ToolName = keyof typeof MCP_OUTPUT_SCHEMAS;
type ToolOutput<Name extends ToolName> = z.infer<(typeof MCP_OUTPUT_SCHEMAS)[Name]>;
type ToolCall = <Name extends ToolName>(name: Name, args: Record<string, unknown>) => Promise<ToolOutput<Name>>;

// The same table, typed so that a tool's name picks its output's type (TypeScript can't see that of a
// union of schemas indexed by a generic name).
const OUTPUT_SCHEMAS: { readonly [Name in ToolName]: z.ZodType<ToolOutput<Name>> } = MCP_OUTPUT_SCHEMAS;

// What a refusing tool says: the text blocks of its content (other blocks have no words for a person).
const TOOL_TEXT = z.array(z.object({ text: z.string().optional() }));

// A tool's refusal is an Error whose message starts with the tool's code (`PATH_EXISTS: …`): one file's
// problem, not the command's. Its result is parsed with the tool's output schema from core (CLI7).
async function callTool<Name extends ToolName>(
  client: Client,
  name: Name,
  args: Record<string, unknown>,
): Promise<ToolOutput<Name>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    const blocks = TOOL_TEXT.safeParse(result.content);
    const text = blocks.success ? blocks.data.map((block) => block.text ?? '').join(' ') : '';
    throw new Error(text || `${name} failed`);
  }
  return parseRelayAnswer(OUTPUT_SCHEMAS[name], result.structuredContent, `POST /mcp ${name}`);
}

// What ends the whole command is a CliError: no relay, a refused token, a rate that never lets up. Any
// other refusal (a body too large, …) is an Error with the relay's code, for the one file it concerns.
async function fetchPatiently(
  url: string | URL,
  init: RequestInit | undefined,
  onWait: (line: string) => void,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await reach(url, init);
    if (init?.method !== 'POST' || response.status < 400) return response;
    if (response.status !== 429 || attempt >= MAX_RATE_RETRIES) throw await refusalOf(response);
    const waitMs = Math.min(MAX_RETRY_WAIT_MS, 1000 * Math.max(1, Number(response.headers.get('retry-after')) || 1));
    onWait(`the relay is pacing this token (LIM10); waiting ${waitMs / 1000} s between bursts`);
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

async function reach(url: string | URL, init: RequestInit | undefined): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new CliError(
      `Cannot reach the relay at ${new URL(url).origin} (${causeOf(error)}). Is \`npm start\` running? Use --relay URL.`,
      EXIT.refused,
      { cause: error },
    );
  }
}

async function refusalOf(response: Response): Promise<Error> {
  const error = errorOfBody(await response.json().catch(() => null));
  const code = error?.code ?? `HTTP_${response.status}`;
  const message = error?.message ?? response.statusText;
  if (response.status === 401) {
    return new CliError('UNAUTHENTICATED: the relay refused the token (unknown, revoked or expired).', EXIT.refused);
  }
  if (response.status === 403 || response.status === 429) return new CliError(`${code}: ${message}`, EXIT.refused);
  return new Error(`${code}: ${message}`);
}
