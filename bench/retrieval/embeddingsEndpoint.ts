// `npx tsx bench/retrieval/embeddingsEndpoint.ts [--port 11435]`: USE lite behind an OpenAI-compatible
// `POST /v1/embeddings` on loopback, model `use-lite`, 512 dimensions. Measuring the retrieval bench through it
// (BAALDA_EMBEDDER=openai BAALDA_EMBEDDINGS_URL=http://127.0.0.1:11435/v1 BAALDA_EMBEDDINGS_MODEL=use-lite
// BAALDA_EMBEDDINGS_DIMENSIONS=512) must give USE lite's own numbers: the check that the endpoint path measures
// the endpoint's model and nothing else, before a larger model is measured the same way.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SentenceEncoder } from '@baalda/core';
import { loadUseLiteInNode } from '@baalda/semantic/node';
import { z } from 'zod';
import { wholeNumber } from '../harness/benchDefinition';

// What one request may carry: the relay sends at most 32 texts of at most 8,000 characters.
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_TEXTS = 64;
const EMBEDDINGS_REQUEST = z.object({
  model: z.string().min(1).max(100),
  input: z.union([z.string(), z.array(z.string()).min(1).max(MAX_TEXTS)]),
});

/** A running endpoint: its API base (`…/v1`) and how many texts it has embedded. */
export interface EmbeddingsEndpoint {
  readonly url: string;
  readonly textsEmbedded: () => number;
  close(): Promise<void>;
}

/** Serves `encoder` as model `model` at `http://127.0.0.1:<port>/v1/embeddings` (port 0: any free one). */
export async function startEmbeddingsEndpoint(
  encoder: SentenceEncoder,
  model: string,
  port = 0,
): Promise<EmbeddingsEndpoint> {
  let embedded = 0;
  const server = createServer((request, response) => {
    answer(request, response, encoder, model, (count) => {
      embedded += count;
    }).catch((error: unknown) => reply(response, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    textsEmbedded: () => embedded,
    close: () => closeServer(server),
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  encoder: SentenceEncoder,
  model: string,
  count: (texts: number) => void,
): Promise<void> {
  if (request.method !== 'POST' || request.url !== '/v1/embeddings')
    return reply(response, 404, { error: { message: 'only POST /v1/embeddings is served' } });
  const body = await readBody(request);
  if (body === null)
    return reply(response, 413, { error: { message: `bodies are limited to ${MAX_BODY_BYTES} bytes` } });
  const parsed = EMBEDDINGS_REQUEST.safeParse(parseJson(body));
  if (!parsed.success) return reply(response, 400, { error: { message: 'expected { model, input: string[] }' } });
  if (parsed.data.model !== model) return reply(response, 404, { error: { message: `no model ${parsed.data.model}` } });
  const texts = typeof parsed.data.input === 'string' ? [parsed.data.input] : parsed.data.input;
  const vectors = await encoder.embedBatch(texts);
  count(texts.length);
  const data = vectors.map((vector, index) => ({ object: 'embedding', index, embedding: Array.from(vector) }));
  reply(response, 200, { object: 'list', model, data });
}

// The body as text, or null when it passes the limit. Past the limit the rest is read and dropped, so the
// client has sent its whole request before it is refused, and gets the status rather than a reset.
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of request) {
    bytes += (chunk as Buffer).byteLength;
    if (bytes <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return bytes > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify(body));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '11435' } } });
  const port = wholeNumber(values.port, 'port');
  const { encoder } = await loadUseLiteInNode();
  const endpoint = await startEmbeddingsEndpoint(encoder, 'use-lite', port);
  console.log(`USE lite at ${endpoint.url}/embeddings (model use-lite, ${encoder.dimensions} dimensions)`);
}
