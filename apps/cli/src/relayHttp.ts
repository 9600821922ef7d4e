import { CliError, EXIT } from './cliError';

/** The relay's error answer: `{ error: { code, message } }`. */
export interface RelayErrorBody {
  readonly code?: string;
  readonly message?: string;
}

/**
 * Sends one request with `Authorization: Bearer <secret>` and returns the JSON answer (`{}` for 204).
 * Every refusal becomes one line and exit code 1; a 401 says `onUnauthenticated`, which names the
 * credential that was refused, since the relay can't know which file or variable it came from.
 */
export async function callRelay<T>(
  url: string,
  init: RequestInit & { secret: string; onUnauthenticated: string },
): Promise<T> {
  const { secret, onUnauthenticated, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('authorization', `Bearer ${secret}`);
  if (rest.body !== undefined) headers.set('content-type', 'application/json');
  const response = await reachRelay(url, { ...rest, headers });
  if (response.status === 204) return {} as T;
  const body = (await response.json().catch(() => null)) as (T & { error?: RelayErrorBody }) | null;
  if (response.ok && body !== null) return body;
  throw relayRefusal(response, body?.error, onUnauthenticated);
}

/** `fetch`, with a failure to connect turned into a hint about starting the relay. */
export async function reachRelay(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    throw new CliError(
      `Cannot reach the relay at ${new URL(url).origin} (${cause}). Is \`npm start\` running? Use --relay URL.`,
      EXIT.refused,
    );
  }
}

/** One line for a refused request: the relay's code and message, or what is known without them. */
export function relayRefusal(
  response: Response,
  error: RelayErrorBody | undefined,
  onUnauthenticated: string,
): CliError {
  if (response.status === 401) return new CliError(`UNAUTHENTICATED: ${onUnauthenticated}`, EXIT.refused);
  if (!error?.code) {
    const origin = new URL(response.url).origin;
    return new CliError(
      `The relay answered ${response.status} ${response.statusText} without an error code; is ${origin} a Baalda relay?`,
      EXIT.refused,
    );
  }
  const message = (error.message ?? '').replace(/\s+/g, ' ').trim();
  return new CliError(message ? `${error.code}: ${message}` : error.code, EXIT.refused);
}
