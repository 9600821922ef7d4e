import { randomBytes } from 'node:crypto';
import { API, type ApiInput } from '@baalda/core/api';
import { type APIRequestContext, expect } from '@playwright/test';
import { relayApi, succeed } from './relayClient';

/** A fresh random id of the shape the app makes (docIds and opIds). */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

/** Creates empty notes at `paths` in `default` through the ops API, 100 a batch; answers their docIds. */
export async function createNotesOverApi(request: APIRequestContext, paths: readonly string[]): Promise<string[]> {
  const ops = paths.map((path) => ({
    kind: 'createNote' as const,
    opId: randomId(),
    docId: randomId(),
    path,
    createdAt: Date.now(),
  }));
  await applyOps(request, ops);
  return ops.map((op) => op.docId);
}

type VaultOps = ApiInput<typeof API.applyOps>['body']['ops'];

/** Applies `ops` to `default` as whoever `request` is signed in as, 100 a batch (LIM7); each batch must answer 200. */
export async function applyOps(request: APIRequestContext, ops: VaultOps): Promise<void> {
  for (let start = 0; start < ops.length; start += 100) {
    const batch = { ops: ops.slice(start, start + 100) };
    await succeed(relayApi(request), API.applyOps, { params: { vaultId: 'default' }, body: batch });
  }
}

/** A read-only personal access token to `default` for whoever `request` is signed in as (ACL3). */
export async function readOnlyToken(request: APIRequestContext): Promise<string> {
  const body = { name: `e2e reader ${randomId()}`, vaultId: 'default', readOnly: true, expiresInDays: 1 };
  return (await succeed(relayApi(request), API.createToken, { body }, 201)).secret;
}

/** A read-write personal access token to `default` for whoever `request` is signed in as (ACL3). */
export async function writeToken(request: APIRequestContext): Promise<string> {
  const body = { name: `e2e writer ${randomId()}`, vaultId: 'default', readOnly: false, expiresInDays: 1 };
  return (await succeed(relayApi(request), API.createToken, { body }, 201)).secret;
}

/** Replaces a note's text with `markdown` as an assistant does (MCP `update_note`), with a fresh token. */
export async function updateNoteOverMcp(request: APIRequestContext, docId: string, markdown: string): Promise<void> {
  const response = await request.post('/mcp', {
    headers: { authorization: `Bearer ${await writeToken(request)}`, accept: 'application/json, text/event-stream' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'update_note', arguments: { docId, text: markdown } },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { result?: { isError?: boolean } };
  expect(answer.result?.isError ?? false, JSON.stringify(answer)).toBe(false);
}

interface ReadNoteAnswer {
  readonly id: number;
  readonly result?: { readonly structuredContent?: { readonly text?: string } };
}

// The SDK takes at most 100 JSON-RPC messages in one POST; one POST is one call against the token's rate.
const READS_PER_POST = 100;

/** Each note's Markdown as the relay has it now (MCP4 `read_note`), by docId; a failed read is absent. */
export async function readNotesOverMcp(
  request: APIRequestContext,
  token: string,
  docIds: readonly string[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (let start = 0; start < docIds.length; start += READS_PER_POST) {
    const batch = docIds.slice(start, start + READS_PER_POST);
    const response = await request.post('/mcp', {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
      data: batch.map((docId, index) => ({
        jsonrpc: '2.0',
        id: index,
        method: 'tools/call',
        params: { name: 'read_note', arguments: { docId } },
      })),
    });
    expect(response.status(), await response.text()).toBe(200);
    // A batch of one is answered with the one answer, not a list of one.
    const answers = (await response.json()) as ReadNoteAnswer | ReadNoteAnswer[];
    for (const answer of Array.isArray(answers) ? answers : [answers]) {
      const text = answer.result?.structuredContent?.text;
      const docId = batch[answer.id];
      if (docId !== undefined && text !== undefined) texts.set(docId, text);
    }
  }
  return texts;
}
