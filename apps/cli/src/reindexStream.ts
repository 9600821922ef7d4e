import { CliError, EXIT } from './cliError';
import { type RelayErrorBody, reachRelay, relayRefusal } from './relayHttp';

/**
 * `POST /api/admin/reindex`: reads the relay's newline-delimited JSON as it arrives, so progress shows
 * while the relay works, and resolves with the last line `{ done, embedder, seconds }`.
 */
export async function streamReindex(
  url: string,
  auth: { key: string; onUnauthenticated: string },
  embedder: string | undefined,
  onProgress: (done: number, total: number) => void,
): Promise<{ done: number; embedder: string; seconds: number }> {
  const response = await reachRelay(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.key}` },
    body: JSON.stringify(embedder ? { embedder } : {}),
  });
  const lines = await readLines(response, (line) => {
    if (typeof line.done === 'number' && typeof line.total === 'number' && line.embedder === undefined)
      onProgress(line.done, line.total);
  });
  const last = lines.at(-1) ?? {};
  const error = last.error as RelayErrorBody | string | undefined;
  if (!response.ok) throw relayRefusal(response, typeof error === 'object' ? error : undefined, auth.onUnauthenticated);
  // A failure after the answer started comes as the last line `{ error: message }`.
  if (typeof error === 'string') throw new CliError(`Reindex failed: ${error}`, EXIT.refused);
  if (typeof last.done !== 'number') throw new CliError('The relay ended the reindex without a result.', EXIT.refused);
  return last as unknown as { done: number; embedder: string; seconds: number };
}

async function readLines(
  response: Response,
  onLine: (line: Record<string, unknown>) => void,
): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const decoder = new TextDecoder();
  let buffered = '';
  const take = (line: string) => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return; // Not the relay's JSON (a proxy's error page, say): the status then speaks for the answer.
    }
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
