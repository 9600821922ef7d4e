import type { VaultRole } from '@baalda/core';
import { streamReindex } from './reindexStream';
import { callRelay } from './relayHttp';

/** A personal access token as `GET /api/admin/tokens` lists it (never its secret). */
export interface ApiToken {
  readonly id: string;
  readonly userId: string;
  /** Listed by newer relays; the table falls back to `userId`. */
  readonly email?: string;
  readonly name: string;
  readonly vaultId: string;
  readonly readOnly: boolean;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

/** What a new token is: for whom, on which vault, with which limits. */
export interface TokenRequest {
  readonly email: string;
  readonly vaultId: string;
  readonly readOnly: boolean;
  readonly expiresInDays?: number;
  readonly name?: string;
}

/** The relay's `/api/admin/*` routes (loopback only, with the admin key from the data folder). */
export interface AdminClient {
  addUser(user: { email: string; password: string; name?: string }): Promise<{ user: { email: string; name: string } }>;
  createVault(vault: { name: string; ownerEmail: string }): Promise<{ vault: { id: string; name: string } }>;
  grant(vaultId: string, member: { email: string; role: VaultRole }): Promise<unknown>;
  restrict(vaultId: string, restriction: { path: string; memberEmails: string[] }): Promise<unknown>;
  unrestrict(vaultId: string, path: string): Promise<{ cleared?: boolean }>;
  createToken(token: TokenRequest): Promise<{ token: ApiToken; secret: string }>;
  listTokens(): Promise<{ tokens: ApiToken[] }>;
  revokeToken(id: string): Promise<unknown>;
  /** IDX5: rebuilds the index; `onProgress` hears every batch. Resolves with the last line. */
  reindex(
    embedder: string | undefined,
    onProgress: (done: number, total: number) => void,
  ): Promise<{ done: number; embedder: string; seconds: number }>;
}

/** Talks to the admin API of the relay at `baseUrl` with the key read from `keyFile`. */
export function createAdminClient(baseUrl: string, key: string, keyFile: string): AdminClient {
  const root = `${baseUrl.replace(/\/$/, '')}/api/admin`;
  const onUnauthenticated = `the relay refused the admin key in ${keyFile}. Is it the key of the relay at ${baseUrl} (the admin.key in its data folder)?`;
  const call = <T>(method: string, path: string, body?: unknown) =>
    callRelay<T>(`${root}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      secret: key,
      onUnauthenticated,
    });
  const vault = (vaultId: string) => `/vaults/${encodeURIComponent(vaultId)}`;
  return {
    addUser: (user) => call('POST', '/users', user),
    createVault: (created) => call('POST', '/vaults', created),
    grant: (vaultId, member) => call('PUT', `${vault(vaultId)}/members`, member),
    restrict: (vaultId, restriction) => call('PUT', `${vault(vaultId)}/restrictions`, restriction),
    unrestrict: (vaultId, path) => call('DELETE', `${vault(vaultId)}/restrictions?path=${encodeURIComponent(path)}`),
    createToken: (token) => call('POST', '/tokens', token),
    listTokens: () => call('GET', '/tokens'),
    revokeToken: (id) => call('DELETE', `/tokens/${encodeURIComponent(id)}`),
    reindex: (embedder, onProgress) =>
      streamReindex(`${root}/reindex`, { key, onUnauthenticated }, embedder, onProgress),
  };
}
