import { describeSchemaError, ERROR_ANSWER } from '@baalda/core';
import { z } from 'zod';
import { CliError, EXIT } from './cliError';

/** The words that start every report of an answer that broke its schema (CLI7). */
export const NOT_UNDERSTOOD = 'The relay sent an answer this CLI does not understand';

/** A refusal's code and message, from the relay's `{ error }` body or from a JSON-RPC error of `/mcp`. */
export interface RelayErrorBody {
  readonly code: string;
  readonly message: string;
}

/**
 * CLI7: `value` parsed with the answer's schema from core. An answer that breaks it is a CliError with exit
 * code 1 naming the route and the field, since a relay this CLI can't read is as unusable as one that refused.
 * @example parseRelayAnswer(TREE_ANSWER, body, 'GET /api/vaults/default/tree')
 */
export function parseRelayAnswer<Answer>(schema: z.ZodType<Answer>, value: unknown, route: string): Answer {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  return notUnderstood(route, describeSchemaError(parsed.error, value));
}

/** The CliError for an answer at `route` that could not be read, `problem` saying what was wrong. */
export function notUnderstood(route: string, problem: string): never {
  throw new CliError(`${NOT_UNDERSTOOD} (${route}): ${problem}.`, EXIT.refused);
}

/** `GET /api/vaults/default/tree`: the method and path of a request, as a broken answer names it. */
export function routeOf(method: string | undefined, url: string | URL): string {
  return `${(method ?? 'GET').toUpperCase()} ${new URL(url).pathname}`;
}

// `/mcp` refuses a message it could not read as JSON-RPC does (`id: null`: no request was read).
const JSON_RPC_ERROR = z.object({
  jsonrpc: z.literal('2.0'),
  error: z.object({ code: z.int(), message: z.string() }),
  id: z.null(),
});

const JSON_RPC_NAMES: Readonly<Record<number, string>> = {
  [-32700]: 'PARSE_ERROR',
  [-32600]: 'INVALID_REQUEST',
  [-32601]: 'METHOD_NOT_FOUND',
  [-32602]: 'INVALID_PARAMS',
  [-32603]: 'INTERNAL_ERROR',
  [-32000]: 'SERVER_ERROR',
};

/**
 * The code and message of a refusal's body, or null when it is neither the relay's `{ error }` (ERROR_ANSWER)
 * nor a JSON-RPC error: then only the HTTP status is known.
 */
export function errorOfBody(body: unknown): RelayErrorBody | null {
  const answer = ERROR_ANSWER.safeParse(body);
  if (answer.success) return { code: answer.data.error.code, message: oneLine(answer.data.error.message) };
  const rpc = JSON_RPC_ERROR.safeParse(body);
  if (!rpc.success) return null;
  const { code, message } = rpc.data.error;
  const name = JSON_RPC_NAMES[code] ?? 'JSON_RPC_ERROR';
  return { code: name, message: `the relay's /mcp refused the message: ${oneLine(message)} (JSON-RPC error ${code})` };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
