import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerTokenOf, EMBEDDERS, type Embedder, embedderByName, parseRequestBody, REINDEX_BODY } from '@baalda/core';
import { isAdminKey } from '../access/adminKey';
import { sendError } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { ReindexProgress } from './searchIndexes';

/** What the admin routes need from the relay. */
export interface AdminContext {
  readonly reindex: (embedder: Embedder, onProgress: (progress: ReindexProgress) => void) => Promise<ReindexProgress>;
  readonly defaultEmbedder: () => Embedder;
}

/**
 * `POST /api/admin/reindex` with `{ "embedder"?: name }` (IDX5): answers with newline-delimited JSON, one
 * `{ done, total }` line per batch and a last line `{ done, total, embedder, seconds }` (or `{ error }`),
 * so a CLI can draw progress while search keeps serving. The caller is checked by {@link refuseNonAdmin}.
 */
export async function handleReindex(
  request: IncomingMessage,
  response: ServerResponse,
  context: AdminContext,
): Promise<void> {
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    return sendError(response, 'METHOD_NOT_ALLOWED', 'Use POST.');
  }
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const fields = parseRequestBody(REINDEX_BODY, body.value);
  if (!fields.ok) return sendError(response, fields.code, fields.message);
  const embedder = embedderByName(fields.value.embedder ?? context.defaultEmbedder().name);
  if (!embedder) {
    return sendError(response, 'REQUEST_INVALID', `embedder must be one of: ${[...EMBEDDERS.keys()].join(', ')}.`);
  }
  response.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
  const started = performance.now();
  try {
    const result = await context.reindex(embedder, (progress) => response.write(`${JSON.stringify(progress)}\n`));
    const seconds = (performance.now() - started) / 1000;
    response.end(`${JSON.stringify({ ...result, embedder: embedder.name, seconds })}\n`);
  } catch (error) {
    response.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
  }
}

/**
 * ACC10: `/api/admin/*` answers only on this machine and only with the admin key; true after refusing.
 * 403 for another machine, 401 (with `WWW-Authenticate`) for a missing or wrong key.
 */
export function refuseNonAdmin(request: IncomingMessage, response: ServerResponse, adminKey: string): boolean {
  if (!isLoopback(request.socket.remoteAddress)) {
    sendError(response, 'FORBIDDEN', 'Admin routes answer only on this machine (127.0.0.1 or ::1).');
    return true;
  }
  if (isAdminKey(bearerTokenOf(request.headers.authorization), adminKey)) return false;
  response.setHeader('WWW-Authenticate', 'Bearer realm="baalda-admin"');
  sendError(response, 'UNAUTHENTICATED', 'Send the admin key from the data folder (admin.key) as a Bearer token.');
  return true;
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
