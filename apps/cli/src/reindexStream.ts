import type { REINDEX_LINE } from '@baalda/core';
import { API, requestFor } from '@baalda/core/api';
import type { z } from 'zod';
import { CliError, EXIT } from './cliError';
import { notUnderstood, parseRelayAnswer } from './relayAnswer';
import { type RelayAccess, reachRelay, refusalOf } from './relayHttp';

type ReindexLine = z.infer<typeof REINDEX_LINE>;

/** The last line of a reindex that went through: how many notes, with which embedder, how long. */
export type ReindexResult = Extract<ReindexLine, { embedder: string }>;

/**
 * `POST /api/admin/reindex`: reads the relay's newline-delimited JSON as it arrives, so progress shows
 * while the relay works, and resolves with the last line `{ done, embedder, seconds }`. Each line is parsed
 * with the route's declared line schema (REINDEX_LINE, CLI7).
 */
export async function streamReindex(
  access: RelayAccess,
  embedder: string | undefined,
  onProgress: (done: number, total: number) => void,
): Promise<ReindexResult> {
  const declared = API.adminReindex;
  const request = requestFor(declared, { body: embedder ? { embedder } : {} }, access.headers);
  const response = await reachRelay(access, request);
  if (!response.ok) throw await refusalOf(access, declared, request.path, response);
  const route = `${declared.method} ${declared.path}`;
  let result: ReindexResult | null = null;
  let number = 0;
  for await (const text of linesOf(response)) {
    const where = `${route}, line ${++number}`;
    const line = parseRelayAnswer(declared.answers[200].schema, parseLine(text, where), where);
    // A failure after the answer started comes as the last line `{ error: message }`.
    if ('error' in line) throw new CliError(`Reindex failed: ${line.error}`, EXIT.refused);
    if ('embedder' in line) result = line;
    else onProgress(line.done, line.total);
  }
  if (result === null) throw new CliError('The relay ended the reindex without a result.', EXIT.refused);
  return result;
}

function parseLine(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return notUnderstood(where, `it is not JSON (${JSON.stringify(text.slice(0, 40))})`);
  }
}

// The answer's non-empty lines, each as soon as it has arrived whole.
async function* linesOf(response: Response): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of response.body ?? []) {
    buffered += decoder.decode(chunk, { stream: true });
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    yield* parts.filter((part) => part.trim() !== '');
  }
  if (buffered.trim() !== '') yield buffered;
}
