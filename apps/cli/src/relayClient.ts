import type { OpOutcome, VaultOp } from '@baalda/core';
import { callRelay, type RelayErrorBody, reachRelay, relayRefusal } from './relayHttp';

/** A tree note as the relay's API returns it. */
export interface ApiNote {
  readonly docId: string;
  readonly path: string;
  readonly title: string;
  readonly deletedAt: number | null;
  readonly conflictOf: string | null;
}

/** Where an uploaded attachment landed (ATT1/ATT2); `renamedFrom` when CN1 gave it a conflict name. */
export interface UploadedAttachment {
  readonly docId: string;
  readonly path: string;
  readonly renamedFrom?: string;
}

/** One vault's tree API, as the holder of a personal access token sees it. */
export interface RelayClient {
  /** The relay's base URL, the vault and the token, for clients that also open the sync socket. */
  readonly baseUrl: string;
  readonly vaultId: string;
  readonly token: string;
  tree(): Promise<{ version: number; notes: ApiNote[]; folders: string[] }>;
  trash(): Promise<{ notes: ApiNote[] }>;
  apply(op: VaultOp): Promise<OpOutcome>;
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
  const call = <T>(path: string, init: RequestInit = {}) =>
    callRelay<T>(`${base}${path}`, { ...init, secret: auth.token, onUnauthenticated: TOKEN_REFUSED });
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    vaultId: auth.vaultId,
    token: auth.token,
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
    async uploadAttachment({ docId, path, createdAt, body }) {
      const query = new URLSearchParams({ path, createdAt: String(createdAt) });
      const response = await reachRelay(`${base}/attachments/${encodeURIComponent(docId)}?${query}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/octet-stream' },
        body,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      const answer = (await response.json().catch(() => null)) as
        | (UploadedAttachment & { error?: RelayErrorBody })
        | null;
      if (response.ok && answer) return answer;
      throw relayRefusal(response, answer?.error, TOKEN_REFUSED);
    },
    async downloadAttachment(docId) {
      const response = await reachRelay(`${base}/attachments/${encodeURIComponent(docId)}?download=1`, {
        headers: { authorization: `Bearer ${auth.token}` },
      });
      if (response.ok) return response;
      const answer = (await response.json().catch(() => null)) as { error?: RelayErrorBody } | null;
      throw relayRefusal(response, answer?.error, TOKEN_REFUSED);
    },
  };
}
