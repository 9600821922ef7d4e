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
  /** IDX5: rebuilds the index; `onProgress` hears every batch. Resolves with the last line. */
  reindex(
    embedder: string | undefined,
    onProgress: (done: number, total: number) => void,
  ): Promise<{ done: number; embedder: string; seconds: number }>;
}

/** Talks to a running relay over HTTP; errors carry the relay's code and message. */
export function createRelayClient(baseUrl: string, vaultId = 'default'): RelayClient {
  const root = baseUrl.replace(/\/$/, '');
  const base = `${root}/api/vaults/${vaultId}`;
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
    reindex: (embedder, onProgress) => streamReindex(root, embedder, onProgress),
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

async function streamReindex(
  root: string,
  embedder: string | undefined,
  onProgress: (done: number, total: number) => void,
): Promise<{ done: number; embedder: string; seconds: number }> {
  const response = await fetch(`${root}/api/admin/reindex`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(embedder ? { embedder } : {}),
  }).catch((error: Error) => {
    throw new Error(`Cannot reach the relay at ${root} (${error.message}). Is \`npm start\` running?`);
  });
  const text = await readLines(response, (line) => {
    if (typeof line.done === 'number' && typeof line.total === 'number' && line.embedder === undefined)
      onProgress(line.done, line.total);
  });
  const last = text.at(-1) ?? {};
  if (!response.ok || typeof last.error === 'string' || last.error) {
    const error = last.error as { code?: string; message?: string } | string | undefined;
    throw new Error(
      typeof error === 'string' ? error : `${error?.code ?? response.status}: ${error?.message ?? 'reindex failed'}`,
    );
  }
  return last as unknown as { done: number; embedder: string; seconds: number };
}

// Reads newline-delimited JSON as it arrives, so progress shows while the relay works.
async function readLines(
  response: Response,
  onLine: (line: Record<string, unknown>) => void,
): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const decoder = new TextDecoder();
  let buffered = '';
  const take = (line: string) => {
    if (!line.trim()) return;
    const parsed = JSON.parse(line) as Record<string, unknown>;
    lines.push(parsed);
    onLine(parsed);
  };
  for await (const chunk of response.body ?? []) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) take(part);
  }
  take(buffered);
  return lines;
}
