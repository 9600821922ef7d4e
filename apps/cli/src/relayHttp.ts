import type { z } from 'zod';
import { CliError, EXIT } from './cliError';
import { errorOfBody, parseRelayAnswer, type RelayErrorBody, routeOf } from './relayAnswer';

/** How to authenticate a request, and what a 401 should say about the credential refused. */
export interface RelayAuth {
  readonly secret: string;
  readonly onUnauthenticated: string;
}

/**
 * Sends one request with `Authorization: Bearer <secret>` and returns its JSON answer parsed with `schema`
 * (a 204 answers `{}`). Every refusal becomes one line and exit code 1; a 401 says `onUnauthenticated`,
 * which names the credential that was refused, since the relay can't know which file or variable it came
 * from. An answer that breaks `schema` is one line and exit code 1 as well (CLI7).
 */
export async function callRelay<Answer>(
  schema: z.ZodType<Answer>,
  url: string,
  init: RequestInit & RelayAuth,
): Promise<Answer> {
  const { secret, onUnauthenticated, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('authorization', `Bearer ${secret}`);
  if (rest.body !== undefined) headers.set('content-type', 'application/json');
  const response = await reachRelay(url, { ...rest, headers });
  return readAnswer(schema, response, { route: routeOf(rest.method, url), onUnauthenticated });
}

/** The answer of `response` parsed with `schema`, or the CliError its refusal comes to. */
export async function readAnswer<Answer>(
  schema: z.ZodType<Answer>,
  response: Response,
  context: { route: string; onUnauthenticated: string },
): Promise<Answer> {
  if (response.status === 204) return parseRelayAnswer(schema, {}, context.route);
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body !== null) return parseRelayAnswer(schema, body, context.route);
  throw relayRefusal(response, body, context.onUnauthenticated);
}

/** The CliError a refused `response` comes to, its JSON body (if any) already read. */
export async function refusalOf(response: Response, onUnauthenticated: string): Promise<CliError> {
  const body: unknown = await response.json().catch(() => null);
  return relayRefusal(response, body, onUnauthenticated);
}

/** `fetch`, with a failure to connect turned into a hint about starting the relay. */
export async function reachRelay(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new CliError(
      `Cannot reach the relay at ${new URL(url).origin} (${causeOf(error)}). Is \`npm start\` running? Use --relay URL.`,
      EXIT.refused,
      { cause: error },
    );
  }
}

/** What a failed `fetch` says went wrong: the network's reason (ECONNREFUSED …) rather than "fetch failed". */
export function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/** One line for a refused request: the relay's code and message, or what is known without them. */
export function relayRefusal(response: Response, body: unknown, onUnauthenticated: string): CliError {
  if (response.status === 401) return new CliError(`UNAUTHENTICATED: ${onUnauthenticated}`, EXIT.refused);
  const error: RelayErrorBody | null = errorOfBody(body);
  if (error === null) {
    const origin = new URL(response.url).origin;
    return new CliError(
      `The relay answered ${response.status} ${response.statusText} without an error code; is ${origin} a Baalda relay?`,
      EXIT.refused,
    );
  }
  return new CliError(error.message ? `${error.code}: ${error.message}` : error.code, EXIT.refused);
}
