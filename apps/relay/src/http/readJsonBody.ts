import type { IncomingMessage } from 'node:http';
import { LIMITS } from '@baalda/core';

/** The outcome of reading a JSON request body within LIMITS.maxRequestBodyBytes (LIM3). */
export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; code: 'REQUEST_TOO_LARGE' | 'REQUEST_INVALID'; message: string };

/** Reads and parses a JSON body, stopping as soon as it passes the size limit. */
export async function readJsonBody(
  request: IncomingMessage,
  maxBytes: number = LIMITS.maxRequestBodyBytes,
): Promise<JsonBody> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    return { ok: false, code: 'REQUEST_INVALID', message: 'Content-Type must be application/json.' };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      return { ok: false, code: 'REQUEST_TOO_LARGE', message: `Body is over ${maxBytes} bytes.` };
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, code: 'REQUEST_INVALID', message: 'Body is not valid JSON.' };
  }
}
