import type {
  ADMIN_PASSWORD_RESET_ANSWER,
  ADMIN_RESTRICTED_ANSWER,
  ADMIN_ROLE_SET_ANSWER,
  ADMIN_TOKEN_LIST_ANSWER,
  ADMIN_TOKEN_REVOKED_ANSWER,
  ADMIN_UNRESTRICTED_ANSWER,
  ADMIN_USER_CREATED_ANSWER,
  ADMIN_USER_DISABLED_ANSWER,
  ADMIN_VAULT_CREATED_ANSWER,
  TOKEN_CREATED_ANSWER,
  VaultRole,
} from '@baalda/core';
import { API } from '@baalda/core/api';
import type { z } from 'zod';
import { type ReindexResult, streamReindex } from './reindexStream';
import { bearer, createRelayApi } from './relayHttp';

type AdminTokenList = z.infer<typeof ADMIN_TOKEN_LIST_ANSWER>;

/** A personal access token as `GET /api/admin/tokens` lists it, with its owner (never its secret). */
export type ApiToken = AdminTokenList['tokens'][number];

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
  addUser(user: { email: string; password: string; name?: string }): Promise<z.infer<typeof ADMIN_USER_CREATED_ANSWER>>;
  /** ACC13: sets an account's password; every session of it ends, and its OAuth grants. */
  resetPassword(account: { email: string; password: string }): Promise<z.infer<typeof ADMIN_PASSWORD_RESET_ANSWER>>;
  /** ACC13: disables an account (its sessions, tokens and grants end at once) or enables it again. */
  setDisabled(account: { email: string; disabled: boolean }): Promise<z.infer<typeof ADMIN_USER_DISABLED_ANSWER>>;
  createVault(vault: { name: string; ownerEmail: string }): Promise<z.infer<typeof ADMIN_VAULT_CREATED_ANSWER>>;
  grant(vaultId: string, member: { email: string; role: VaultRole }): Promise<z.infer<typeof ADMIN_ROLE_SET_ANSWER>>;
  restrict(
    vaultId: string,
    restriction: { path: string; memberEmails: string[] },
  ): Promise<z.infer<typeof ADMIN_RESTRICTED_ANSWER>>;
  unrestrict(vaultId: string, path: string): Promise<z.infer<typeof ADMIN_UNRESTRICTED_ANSWER>>;
  createToken(token: TokenRequest): Promise<z.infer<typeof TOKEN_CREATED_ANSWER>>;
  listTokens(): Promise<AdminTokenList>;
  revokeToken(id: string): Promise<z.infer<typeof ADMIN_TOKEN_REVOKED_ANSWER>>;
  /** IDX5: rebuilds the index; `onProgress` hears every batch. Resolves with the last line. */
  reindex(embedder: string | undefined, onProgress: (done: number, total: number) => void): Promise<ReindexResult>;
}

/** Talks to the admin API of the relay at `baseUrl` with the key read from `keyFile`. */
export function createAdminClient(baseUrl: string, key: string, keyFile: string): AdminClient {
  const onUnauthenticated = `the relay refused the admin key in ${keyFile}. Is it the key of the relay at ${baseUrl} (the admin.key in its data folder)?`;
  const access = { baseUrl, headers: bearer(key), onUnauthenticated };
  const api = createRelayApi(access);
  const vault = (vaultId: string) => ({ vaultId });
  return {
    addUser: (user) => api.call(API.adminAddUser, { body: user }),
    resetPassword: (account) => api.call(API.adminResetPassword, { body: account }),
    setDisabled: (account) => api.call(API.adminSetDisabled, { body: account }),
    createVault: (created) => api.call(API.adminCreateVault, { body: created }),
    grant: (vaultId, member) => api.call(API.adminGrant, { params: vault(vaultId), body: member }),
    restrict: (vaultId, restriction) => api.call(API.adminRestrict, { params: vault(vaultId), body: restriction }),
    unrestrict: (vaultId, path) => api.call(API.adminUnrestrict, { params: vault(vaultId), query: { path } }),
    createToken: (token) => api.call(API.adminCreateToken, { body: token }),
    listTokens: () => api.call(API.adminListTokens, {}),
    revokeToken: (id) => api.call(API.adminRevokeToken, { params: { tokenId: id } }),
    reindex: (embedder, onProgress) => streamReindex(access, embedder, onProgress),
  };
}
