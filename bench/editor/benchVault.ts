// The vault the editor bench works in, made through the relay's own paths: notes with `createNote` ops, images
// uploaded as attachments, and the big note's Markdown written with MCP `update_note`, as an assistant would.
import { randomBytes } from 'node:crypto';
import { API } from '@baalda/core/api';
import { seededRandom } from 'baalda-relay/testing';
import { z } from 'zod';
import { answerOf as answerFrom, asOwner, fetchAsOwner } from '../benchAccount';
import { pngOf } from '../mirror/obsidianVault';
import type { AppRelay } from './appRelay';
import { bigNoteMarkdown } from './bigNote';

/** The notes the bench opens. */
export interface BenchVault {
  /** The 50,000-character note it types in and reopens. */
  readonly bigNote: string;
  /** A short note to open in between. */
  readonly otherNote: string;
  /** How many image embeds the big note has. */
  readonly images: number;
}

const LINKED_NOTES = 200;
const IMAGES = 10;
const OPS_PER_REQUEST = 100;

const mcpAnswer = z.object({ result: z.object({ isError: z.boolean().optional() }).loose() }).loose();

/** Fills vault `default` of `relay` with the bench's notes and images. */
export async function fillBenchVault(relay: AppRelay): Promise<BenchVault> {
  const owner = { httpUrl: relay.url, token: relay.token };
  const linkNames = Array.from({ length: LINKED_NOTES }, (_, index) => `Topic ${String(index + 1).padStart(3, '0')}`);
  const paths = ['Big note.md', 'Elsewhere.md', ...linkNames.map((name) => `Linked/${name}.md`)];
  const [bigNote = '', otherNote = ''] = await createNotes(owner, paths);
  const imagePaths = Array.from({ length: IMAGES }, (_, index) => `Attachments/pic-${index + 1}.png`);
  const random = seededRandom(IMAGES);
  for (const path of imagePaths) await uploadAttachment(owner, path, pngOf(random));
  const markdown = bigNoteMarkdown({ chars: 50_000, tables: 20, linkNames, imagePaths });
  await updateNote(owner, bigNote, markdown);
  return { bigNote, otherNote, images: imagePaths.length };
}

type Owner = Parameters<typeof fetchAsOwner>[0];

async function createNotes(owner: Owner, paths: readonly string[]): Promise<string[]> {
  const ops = paths.map((path) => ({
    kind: 'createNote' as const,
    opId: randomId(),
    docId: randomId(),
    path,
    createdAt: Date.now(),
  }));
  for (let start = 0; start < ops.length; start += OPS_PER_REQUEST) {
    const batch = { ops: ops.slice(start, start + OPS_PER_REQUEST) };
    const sent = await asOwner(owner).call(API.applyOps, { params: { vaultId: 'default' }, body: batch });
    const answer = answerFrom(sent, 'createNote ops');
    const refused = answer.results.filter((result) => !result.ok);
    if (refused.length > 0) throw new Error(`bench notes refused: ${JSON.stringify(refused.slice(0, 3))}`);
  }
  return ops.map((op) => op.docId);
}

async function uploadAttachment(owner: Owner, path: string, bytes: Uint8Array): Promise<void> {
  const sent = await asOwner(owner).call(API.uploadAttachment, {
    params: { vaultId: 'default', docId: randomId() },
    query: { path, createdAt: Date.now() },
    body: bytes,
  });
  answerFrom(sent, `upload of ${path}`);
}

async function updateNote(owner: Owner, docId: string, text: string): Promise<void> {
  const response = await fetchAsOwner(owner, '/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'update_note', arguments: { docId, text } },
    }),
  });
  const answer = mcpAnswer.parse(await answerOf(response, 200, 'update_note'));
  if (answer.result.isError) throw new Error(`update_note refused the bench note: ${JSON.stringify(answer)}`);
}

async function answerOf(response: Response, status: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`bench ${what}: ${response.status} ${text}`);
  return JSON.parse(text);
}

function randomId(): string {
  return randomBytes(16).toString('base64url');
}
