import {
  EMBEDDERS,
  type Embedder,
  embedderByName,
  parseRequestBody,
  REINDEX_BODY,
  SENTENCE_ENCODER_NAMES,
} from '@baalda/core';
import { API } from '@baalda/core/api';
import { sendError } from '../http/httpErrors';
import { readJsonBody } from '../http/readJsonBody';
import type { PlainCall, Route } from '../routing/callerRoutes';
import { serve } from '../routing/declaredRoutes';
import type { ReindexProgress } from './searchIndexes';

/** What the admin routes need from the relay. */
export interface AdminContext {
  readonly reindex: (embedder: Embedder, onProgress: (progress: ReindexProgress) => void) => Promise<ReindexProgress>;
  readonly defaultEmbedder: () => Embedder;
  /** SEMV6: the relay's sentence encoder's name and its catch-up, or null when it computes no meaning. */
  readonly semantic: {
    readonly encoderName: string;
    catchUp(onProgress: (progress: ReindexProgress) => void): Promise<ReindexProgress>;
  } | null;
}

/** The admin's reindex route (loopback and admin key, ACC10). */
export const REINDEX_ROUTES: readonly Route<AdminContext>[] = [
  ...serve(API.adminReindex, reindex, { namesMethods: true }),
];

/**
 * `POST /api/admin/reindex` with `{ "embedder"?: name }` (IDX5): answers with newline-delimited JSON, one
 * `{ done, total }` line per batch and a last line `{ done, total, embedder, seconds }` (or `{ error }`),
 * so a CLI can draw progress while search keeps serving.
 */
async function reindex({ request, response, context }: PlainCall<AdminContext>): Promise<void> {
  const body = await readJsonBody(request);
  if (!body.ok) return sendError(response, body.code, body.message);
  const fields = parseRequestBody(REINDEX_BODY, body.value);
  if (!fields.ok) return sendError(response, fields.code, fields.message);
  const name = fields.value.embedder ?? context.defaultEmbedder().name;
  const embedder = embedderByName(name);
  const semantic = context.semantic?.encoderName === name ? context.semantic : null;
  if (!embedder && !semantic) {
    const runs = [...EMBEDDERS.keys(), ...(context.semantic ? [context.semantic.encoderName] : [])];
    const hint = SENTENCE_ENCODER_NAMES.has(name) ? ' (this relay computes no meaning: BAALDA_EMBEDDER=hashed)' : '';
    return sendError(response, 'REQUEST_INVALID', `embedder must be one of: ${runs.join(', ')}${hint}.`);
  }
  response.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
  const started = performance.now();
  const write = (progress: ReindexProgress) => response.write(`${JSON.stringify(progress)}\n`);
  try {
    const result = embedder ? await context.reindex(embedder, write) : await semantic?.catchUp(write);
    const seconds = (performance.now() - started) / 1000;
    response.end(`${JSON.stringify({ ...(result ?? { done: 0, total: 0 }), embedder: name, seconds })}\n`);
  } catch (error) {
    response.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
  }
}
