import type { OpOutcome, VaultOp } from '@baalda/core';

/** A tree note as the relay's API returns it. */
export interface ApiNote {
  readonly docId: string;
  readonly path: string;
  readonly title: string;
  readonly deletedAt: number | null;
  readonly conflictOf: string | null;
}

/** The relay's tree API, for the CLI. */
export interface RelayClient {
  tree(): Promise<{ notes: ApiNote[]; folders: string[] }>;
  trash(): Promise<{ notes: ApiNote[] }>;
  apply(op: VaultOp): Promise<OpOutcome>;
}

/** Talks to a running relay over HTTP; errors carry the relay's code and message. */
export function createRelayClient(baseUrl: string, vaultId = 'default'): RelayClient {
  const base = `${baseUrl.replace(/\/$/, '')}/api/vaults/${vaultId}`;
  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`${base}${path}`, init).catch((error: Error) => {
      throw new Error(
        `Cannot reach the relay at ${baseUrl} (${error.message}). Is \`npm start\` running? Use --relay URL.`,
      );
    });
    const body = (await response.json()) as T & { error?: { code: string; message: string } };
    if (!response.ok)
      throw new Error(`${body.error?.code ?? response.status}: ${body.error?.message ?? response.statusText}`);
    return body;
  }
  return {
    tree: () => call('/tree'),
    trash: () => call('/trash'),
    async apply(op) {
      const body = await call<{ results: OpOutcome[] }>('/ops', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ops: [op] }),
      });
      const [outcome] = body.results;
      if (!outcome) throw new Error('The relay answered without a result.');
      return outcome;
    },
  };
}
