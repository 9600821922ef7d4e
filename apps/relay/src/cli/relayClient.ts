import type { OpOutcome, VaultOp } from '@baalda/core';
import { callRelay } from './relayHttp';

/** A tree note as the relay's API returns it. */
export interface ApiNote {
  readonly docId: string;
  readonly path: string;
  readonly title: string;
  readonly deletedAt: number | null;
  readonly conflictOf: string | null;
}

/** One vault's tree API, as the holder of a personal access token sees it. */
export interface RelayClient {
  tree(): Promise<{ notes: ApiNote[]; folders: string[] }>;
  trash(): Promise<{ notes: ApiNote[] }>;
  apply(op: VaultOp): Promise<OpOutcome>;
}

const TOKEN_REFUSED =
  'the relay refused the token (unknown, revoked or expired). Create a new one in the web app or with `npm run baalda -- token create …`.';

/** Talks to a running relay over HTTP with `token`; errors carry the relay's code and message. */
export function createRelayClient(baseUrl: string, auth: { token: string; vaultId: string }): RelayClient {
  const base = `${baseUrl.replace(/\/$/, '')}/api/vaults/${encodeURIComponent(auth.vaultId)}`;
  const call = <T>(path: string, init: RequestInit = {}) =>
    callRelay<T>(`${base}${path}`, { ...init, secret: auth.token, onUnauthenticated: TOKEN_REFUSED });
  return {
    tree: () => call('/tree'),
    trash: () => call('/trash'),
    async apply(op) {
      const body = await call<{ results: OpOutcome[] }>('/ops', {
        method: 'POST',
        body: JSON.stringify({ ops: [op] }),
      });
      const [outcome] = body.results;
      if (!outcome) throw new Error('The relay answered without a result.');
      return outcome;
    },
  };
}
