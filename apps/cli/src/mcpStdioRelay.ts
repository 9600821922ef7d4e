import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { errorOfBody } from './relayAnswer';
import { causeOf } from './relayHttp';

/**
 * The bridge's own error codes, one catalog for its edge (the relay's own codes pass through as they
 * come). Each is the first word of the line the person or the model reads.
 */
export const BRIDGE_ERRORS = {
  /** The relay refused the token: unknown, revoked or expired, or its vault is gone. */
  UNAUTHENTICATED: 'the relay refused the token (unknown, revoked or expired).',
  /** Nothing answered at the relay's address. */
  RELAY_UNREACHABLE: 'the relay could not be reached.',
  /** Something answered, but not the way a Baalda relay's `/mcp` does. */
  RELAY_UNEXPECTED: 'the relay answered without an error code.',
} as const;

const NEW_TOKEN = 'Create a new one in the web app or with `npm run baalda -- token create …`.';

/**
 * An HTTP answer from the relay that is not MCP: a refusal at its door (401, 403, 413, 429 …) or no
 * connection at all. `message` is one line starting with a stable code.
 */
export class RelayRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null,
  ) {
    super(`${code}: ${message}`);
  }
}

/**
 * An SDK client on `<url>/mcp` with `Authorization: Bearer <token>`, initialized (so the relay has
 * already accepted the token). Refusals reject with a `RelayRefusal`; MCP errors with the SDK's McpError.
 */
export async function connectRelay(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'baalda-mcp-stdio', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url.replace(/\/$/, '')}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: fetchFromRelay,
  });
  await client.connect(transport);
  return client;
}

// The SDK turns a refused POST into a generic error holding the raw body; reading the answer here keeps
// the relay's code, its message and Retry-After. GETs (the SDK probing for an event stream, which a
// stateless relay answers 405) and redirects go back to the SDK untouched.
async function fetchFromRelay(input: string | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    const cause = causeOf(error);
    const origin = new URL(input).origin;
    throw new RelayRefusal(
      'RELAY_UNREACHABLE',
      `cannot reach the relay at ${origin} (${cause}). Is it running? Check --url.`,
      null,
    );
  }
  if (init?.method !== 'POST' || response.status < 400) return response;
  throw await refusalOf(response);
}

async function refusalOf(response: Response): Promise<RelayRefusal> {
  // The relay's `{ error }` or, for a message its transport could not take, a JSON-RPC error.
  const error = errorOfBody(await response.json().catch(() => null));
  if (response.status === 401) {
    return new RelayRefusal('UNAUTHENTICATED', `${BRIDGE_ERRORS.UNAUTHENTICATED} ${NEW_TOKEN}`, 401);
  }
  if (response.status === 429) {
    const wait = response.headers.get('retry-after') ?? '1';
    return new RelayRefusal(
      error?.code ?? 'RATE_LIMITED',
      `too many requests with this token; retry after ${wait} s.`,
      429,
    );
  }
  if (error) return new RelayRefusal(error.code, error.message || 'the relay refused the request.', response.status);
  const origin = new URL(response.url).origin;
  return new RelayRefusal(
    'RELAY_UNEXPECTED',
    `${origin}/mcp answered ${response.status} ${response.statusText}; is it a Baalda relay?`,
    response.status,
  );
}
