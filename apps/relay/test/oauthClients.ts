import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where the test clients say they listen; nothing listens: the code is read off the consent's answer. */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:7/callback';

/**
 * An assistant app's side of OAuth, kept in memory: the official SDK client drives discovery,
 * registration, PKCE and token exchange through it; the test plays the browser.
 */
export class MemoryOAuthClient implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  authorizationUrl: URL | undefined;
  private verifier = '';

  constructor(private readonly name = 'Test assistant') {}

  get redirectUrl(): string {
    return TEST_REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [TEST_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A person's answer on the consent page. */
export interface ConsentChoice {
  readonly vaultId: string;
  readonly readOnly: boolean;
}

/** The browser's part through the API: open the authorization URL, follow it to consent, answer it. */
export async function consentThroughApi(
  authorizationUrl: URL,
  cookie: string,
  choice: ConsentChoice | 'deny',
): Promise<URL> {
  const opened = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = opened.headers.get('location') ?? '';
  const id = new URL(location, authorizationUrl).searchParams.get('oauth');
  if (opened.status !== 302 || !id) throw new Error(`authorize: ${opened.status} ${location} ${await opened.text()}`);
  const decision = choice === 'deny' ? 'deny' : 'approve';
  const answered = await fetch(new URL(`/api/oauth/authorizations/${id}/${decision}`, authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(choice === 'deny' ? {} : choice),
  });
  if (answered.status !== 200) throw new Error(`${decision}: ${answered.status} ${await answered.text()}`);
  return new URL(((await answered.json()) as { redirectTo: string }).redirectTo);
}

/**
 * Connects the official SDK client to `/mcp` the way a remote assistant does: a 401, discovery,
 * registration, authorization with PKCE, the person's consent (`consent`), the code exchanged, connected.
 * Every request the assistant sends goes through `assistantFetch` (benchmarks count them).
 */
export async function connectWithOAuth(
  httpUrl: string,
  provider: MemoryOAuthClient,
  consent: (authorizationUrl: URL) => Promise<URL>,
  assistantFetch: typeof fetch = fetch,
): Promise<Client> {
  const mcpUrl = new URL(`${httpUrl}/mcp`);
  const options = { authProvider: provider, fetch: assistantFetch };
  const first = new StreamableHTTPClientTransport(mcpUrl, options);
  const client = new Client({ name: 'baalda-oauth-tests', version: '1.0.0' });
  try {
    await client.connect(first);
    return client;
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || !provider.authorizationUrl) throw error;
  }
  const redirect = await consent(provider.authorizationUrl);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code in ${redirect.href}`);
  await first.finishAuth(code);
  const connected = new Client({ name: 'baalda-oauth-tests', version: '1.0.0' });
  await connected.connect(new StreamableHTTPClientTransport(mcpUrl, options));
  return connected;
}
