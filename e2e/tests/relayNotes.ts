import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

/** A fresh random id of the shape the app makes (docIds and opIds). */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

/** Creates empty notes at `paths` in `default` through the ops API, 100 a batch; answers their docIds. */
export async function createNotesOverApi(request: APIRequestContext, paths: readonly string[]): Promise<string[]> {
  const ops = paths.map((path) => ({
    kind: 'createNote',
    opId: randomId(),
    docId: randomId(),
    path,
    createdAt: Date.now(),
  }));
  for (let start = 0; start < ops.length; start += 100) {
    const response = await request.post('/api/vaults/default/ops', { data: { ops: ops.slice(start, start + 100) } });
    expect(response.status(), await response.text()).toBe(200);
  }
  return ops.map((op) => op.docId);
}

/** A read-only personal access token to `default` for whoever `request` is signed in as (ACL3). */
export async function readOnlyToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/tokens', {
    data: { name: `e2e reader ${randomId()}`, vaultId: 'default', readOnly: true, expiresInDays: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { secret: string }).secret;
}

/** A read-write personal access token to `default` for whoever `request` is signed in as (ACL3). */
export async function writeToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/tokens', {
    data: { name: `e2e writer ${randomId()}`, vaultId: 'default', readOnly: false, expiresInDays: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { secret: string }).secret;
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
