import {
  ATTACHMENT_STORED_ANSWER,
  OPS_ANSWER,
  type OpOutcome,
  TRASH_ANSWER,
  TREE_ANSWER,
  type TREE_NOTE,
  type VaultOp,
} from '@baalda/core';
import type { z } from 'zod';
import { routeOf } from './relayAnswer';
import { callRelay, reachRelay, readAnswer, refusalOf } from './relayHttp';

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
    body: Buffer | ReadableStream<Uint8Array>;
  }): Promise<UploadedAttachment>;
  /** The attachment's bytes as the relay serves them (`?download=1`); a refusal throws. */
  downloadAttachment(docId: string): Promise<Response>;
}

const TOKEN_REFUSED =
  'the relay refused the token (unknown, revoked or expired). Create a new one in the web app or with `npm run baalda -- token create …`.';

/** Talks to a running relay over HTTP with `token`; errors carry the relay's code and message. */
export function createRelayClient(baseUrl: string, auth: { token: string; vaultId: string }): RelayClient {
  const base = `${baseUrl.replace(/\/$/, '')}/api/vaults/${encodeURIComponent(auth.vaultId)}`;
  const call = <Answer>(schema: z.ZodType<Answer>, path: string, init: RequestInit = {}) =>
    callRelay(schema, `${base}${path}`, { ...init, secret: auth.token, onUnauthenticated: TOKEN_REFUSED });
  const applyOps = async (ops: readonly VaultOp[]) => {
    const body = await call(OPS_ANSWER, '/ops', { method: 'POST', body: JSON.stringify({ ops }) });
    if (body.results.length !== ops.length) throw new Error('The relay answered without a result for every op.');
    return body.results;
  };
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    vaultId: auth.vaultId,
    token: auth.token,
    tree: () => call(TREE_ANSWER, '/tree'),
    trash: () => call(TRASH_ANSWER, '/trash'),
    async apply(op) {
      const [outcome] = await applyOps([op]);
      if (!outcome) throw new Error('The relay answered without a result.');
      return outcome;
    },
    applyOps,
    async uploadAttachment({ docId, path, createdAt, body }) {
      const query = new URLSearchParams({ path, createdAt: String(createdAt) });
      const url = `${base}/attachments/${encodeURIComponent(docId)}?${query}`;
      const response = await reachRelay(url, {
        method: 'PUT',
        headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/octet-stream' },
        body,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      const context = { route: routeOf('PUT', url), onUnauthenticated: TOKEN_REFUSED };
      return readAnswer(ATTACHMENT_STORED_ANSWER, response, context);
    },
    async downloadAttachment(docId) {
      const response = await reachRelay(`${base}/attachments/${encodeURIComponent(docId)}?download=1`, {
        headers: { authorization: `Bearer ${auth.token}` },
      });
      if (response.ok) return response;
      throw await refusalOf(response, TOKEN_REFUSED);
    },
  };
}
