import {
  API,
  type ApiClient,
  type ApiFailure,
  type ApiSuccess,
  type ApiTransport,
  createApiClient,
} from '@baalda/core/api';

/** The account a benchmark relay is opened with: its first sign-up, so its admin and owner of `default`. */
export const BENCH_OWNER = { email: 'bench@baalda.test', password: 'benchmarks need a password too' };

/** A relay reached as its owner: where it listens and a read-write token for vault `default`. */
export interface AuthedRelay {
  readonly httpUrl: string;
  readonly syncUrl: string;
  readonly token: string;
}

/**
 * Signs up BENCH_OWNER on a fresh relay (sign-up is open until the first account exists) and mints a
 * personal access token for `default` with the session, as a person would in the web app.
 */
export async function mintOwnerToken(httpUrl: string): Promise<string> {
  const cookies: string[] = [];
  const signUp = relayClient(httpUrl, {}, (response) => cookies.push(response.headers.get('set-cookie') ?? ''));
  answerOf(await signUp.call(API.signUp, { body: BENCH_OWNER }), 'bench sign-up');
  const cookie = cookies[0]?.split(';')[0] ?? '';
  const minted = await relayClient(httpUrl, { cookie }).call(API.createToken, {
    body: { name: 'bench', vaultId: 'default' },
  });
  return answerOf(minted, 'bench token').secret;
}

/**
 * The typed client of the relay's API (API2) over fetch, with `headers` on every request; `onResponse`
 * sees each raw response (a session cookie, a timing).
 */
export function relayClient(
  httpUrl: string,
  headers: Readonly<Record<string, string>> = {},
  onResponse: (response: Response) => void = () => {},
): ApiClient {
  const transport: ApiTransport = async (request) => {
    const response = await fetch(`${httpUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    onResponse(response);
    return { status: response.status, text: await response.text(), header: (name) => response.headers.get(name) };
  };
  return createApiClient(transport, headers);
}

/** `fetch` on the relay with its owner's token, for what is not a route of the HTTP API (`/mcp`). */
export function fetchAsOwner(relay: Omit<AuthedRelay, 'syncUrl'>, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${relay.token}`);
  return fetch(`${relay.httpUrl}${path}`, { ...init, headers });
}

/** The relay's API as the owner of `relay`'s token. */
export function asOwner(relay: Omit<AuthedRelay, 'syncUrl'>): ApiClient {
  return relayClient(relay.httpUrl, { authorization: `Bearer ${relay.token}` });
}

/** A call's answer, or an error naming `what` failed and why: a bench stops on a refusal it did not expect. */
export function answerOf<Answer>(result: ApiSuccess<Answer> | ApiFailure, what: string): Answer {
  if (result.ok) return result.answer;
  throw new Error(`${what}: ${result.status} ${result.code} ${result.message}`);
}
