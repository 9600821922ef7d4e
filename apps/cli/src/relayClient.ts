import type { ATTACHMENT_STORED_ANSWER, OpOutcome, TRASH_ANSWER, TREE_ANSWER, TREE_NOTE, VaultOp } from '@baalda/core';
import { API, requestFor } from '@baalda/core/api';
import type { z } from 'zod';
import { bearer, createRelayApi, opsBody, type RelayAccess, reachRelay, refusalOf } from './relayHttp';

/** A tree note as the relay's API returns it (TREE_NOTE). */
export type ApiNote = z.infer<typeof TREE_NOTE>;

/** Where an uploaded attachment landed (ATT1/ATT2); `renamedFrom` when CN1 gave it a conflict name. */
export type UploadedAttachment = z.infer<typeof ATTACHMENT_STORED_ANSWER>;

/** One vault's tree API, as the holder of a personal access token sees it. */
export interface RelayClient {
  /** The relay's base URL, the vault and the token, for clients that also open the sync socket. */
  readonly baseUrl: string;
  readonly vaultId: string;
  readonly token: string;
  tree(): Promise<z.infer<typeof TREE_ANSWER>>;
  trash(): Promise<z.infer<typeof TRASH_ANSWER>>;
  apply(op: VaultOp): Promise<OpOutcome>;
  /** OP2: at most LIM7 ops in one request, applied in order and answered one by one. */
  applyOps(ops: readonly VaultOp[]): Promise<OpOutcome[]>;
  /** ATT1: uploads `body` as the attachment `docId` at `path`; a refusal throws a CliError with the relay's code. */
  uploadAttachment(file: {
    docId: string;
    path: string;
    createdAt: number;
    body: Uint8Array;
  }): Promise<UploadedAttachment>;
  /** The attachment's bytes as the relay serves them (`?download=1`); a refusal throws. */
  downloadAttachment(docId: string): Promise<Response>;
}

const TOKEN_REFUSED =
  'the relay refused the token (unknown, revoked or expired). Create a new one in the web app or with `npm run baalda -- token create …`.';

/** Talks to a running relay over HTTP with `token`; errors carry the relay's code and message. */
export function createRelayClient(baseUrl: string, auth: { token: string; vaultId: string }): RelayClient {
  const access = { baseUrl: baseUrl.replace(/\/$/, ''), headers: bearer(auth.token), onUnauthenticated: TOKEN_REFUSED };
  const api = createRelayApi(access);
  const params = { vaultId: auth.vaultId };
  const applyOps = async (ops: readonly VaultOp[]) => {
    const body = await api.call(API.applyOps, { params, body: opsBody(ops) });
    if (body.results.length !== ops.length) throw new Error('The relay answered without a result for every op.');
    return body.results;
  };
  return {
    baseUrl: access.baseUrl,
    vaultId: auth.vaultId,
    token: auth.token,
    tree: () => api.call(API.readTree, { params }),
    trash: () => api.call(API.readTrash, { params }),
    async apply(op) {
      const [outcome] = await applyOps([op]);
      if (!outcome) throw new Error('The relay answered without a result.');
      return outcome;
    },
    applyOps,
    uploadAttachment: ({ docId, path, createdAt, body }) =>
      api.call(API.uploadAttachment, { params: { ...params, docId }, query: { path, createdAt }, body }),
    downloadAttachment: (docId) => downloadAttachment(access, { ...params, docId }),
  };
}

// The bytes stream to their reader, so the request is built from the route and fetched here (API2).
async function downloadAttachment(access: RelayAccess, params: { vaultId: string; docId: string }) {
  const route = API.downloadAttachment;
  const request = requestFor(route, { params, query: { download: '1' } }, access.headers);
  const response = await reachRelay(access, request);
  if (response.ok) return response;
  throw await refusalOf(access, route, request.path, response);
}
