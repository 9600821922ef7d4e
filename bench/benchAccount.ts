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
  const signUp = await fetch(`${httpUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_OWNER),
  });
  if (signUp.status !== 201) throw new Error(`bench sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const minted = await fetch(`${httpUrl}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench', vaultId: 'default' }),
  });
  if (minted.status !== 201) throw new Error(`bench token: ${minted.status} ${await minted.text()}`);
  return ((await minted.json()) as { secret: string }).secret;
}

/** `fetch` on the relay with its owner's token. */
export function fetchAsOwner(relay: Omit<AuthedRelay, 'syncUrl'>, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${relay.token}`);
  return fetch(`${relay.httpUrl}${path}`, { ...init, headers });
}
