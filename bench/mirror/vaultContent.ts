// What a vault or a folder holds, as comparable fingerprints, and the bench's way to give a vault its text.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createNoteLinkResolver, entryKindOf, formatNoteDocumentName } from '@baalda/core';
import { applyMarkdownEdit, markdownOfDocument } from '@baalda/markdown';
import { DocumentWindow, quietWebSocket, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { forEachConcurrently, isIgnoredPath, normalizedMarkdown, remoteHashOf, scanDisk } from 'baalda-cli/testing';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { sleep } from '../load/editLoad';
import type { WatchedRelay } from './watchedRelay';

// Both sides are compared with links named as they were written (no vault to resolve against): the bench
// renames nothing, so a link's written name is the one on disk and on the relay alike.
const WRITTEN_NAMES = createNoteLinkResolver([]);

/**
 * Entries by vault path: a note as its Markdown in normal form (MD2), an attachment as the SHA-256 of its
 * bytes. Two sides hold the same vault when their contents are equal.
 */
export type VaultContent = ReadonlyMap<string, string>;

/** How much of `expected` another side holds. */
export interface ContentCheck {
  readonly expected: number;
  /** Paths of `expected` the other side has. */
  readonly present: number;
  /** Of those, the ones with the same text or bytes. */
  readonly same: number;
  /** Paths the other side has that `expected` has not. */
  readonly extra: number;
  /** The first path that is missing or different, for the report. */
  readonly firstProblem: string | null;
}

/** What files (path → text or bytes) amount to as a vault; dotfolders and other ignored names left out (MIR2). */
export function contentOfFiles(files: Iterable<readonly [string, string | Uint8Array]>): VaultContent {
  const content = new Map<string, string>();
  for (const [path, body] of files) {
    if (isIgnoredPath(path)) continue;
    content.set(path, fingerprintOf(path, typeof body === 'string' ? Buffer.from(body) : body));
  }
  return content;
}

/** What a folder holds, as the mirror sees it (ignored names left out). */
export async function contentOfFolder(dir: string): Promise<VaultContent> {
  const content = new Map<string, string>();
  for (const path of (await scanDisk(dir)).disk.keys()) {
    content.set(path, fingerprintOf(path, await readFile(join(dir, ...path.split('/')))));
  }
  return content;
}

/**
 * What the vault holds, read straight from the relay: every live note's Markdown as the relay serves it
 * (its document in memory when a client has it open, as `read_note` reads it; the others through a sync
 * socket of their own, as a browser would open them) and every attachment's hash (its ETag).
 */
export async function contentOfVault(watched: WatchedRelay): Promise<VaultContent> {
  const client = watched.directClient;
  const { notes } = await client.tree();
  const content = new Map<string, string>();
  const closed: Array<{ docId: string; path: string }> = [];
  for (const note of notes.filter((entry) => entryKindOf(entry.path) === 'note')) {
    const open = watched.relay.hocuspocus.documents.get(formatNoteDocumentName(note.docId));
    if (open) content.set(note.path, normalizedMarkdown(markdownOfDocument(open, WRITTEN_NAMES), WRITTEN_NAMES));
    else closed.push(note);
  }
  const texts = await syncNotes(watched, closed);
  for (const note of closed) content.set(note.path, normalizedMarkdown(texts.get(note.docId) ?? '', WRITTEN_NAMES));
  const attachments = notes.filter((entry) => entryKindOf(entry.path) === 'attachment');
  await forEachConcurrently(attachments, 4, async (entry) => {
    content.set(entry.path, (await remoteHashOf(client, entry.docId)) ?? '(no hash)');
  });
  return content;
}

/** How much of `expected` `actual` holds. */
export function checkContent(expected: VaultContent, actual: VaultContent): ContentCheck {
  let present = 0;
  let same = 0;
  let firstProblem: string | null = null;
  for (const [path, value] of expected) {
    const found = actual.get(path);
    if (found !== undefined) present += 1;
    if (found === value) same += 1;
    else firstProblem ??= `${path} (${found === undefined ? 'missing' : 'different'})`;
  }
  const extra = [...actual.keys()].filter((path) => !expected.has(path)).length;
  return { expected: expected.size, present, same, extra, firstProblem };
}

/** True when the other side holds exactly `expected`. */
export function isComplete(check: ContentCheck): boolean {
  return check.same === check.expected && check.extra === 0;
}

function fingerprintOf(path: string, bytes: Uint8Array): string {
  if (entryKindOf(path) === 'note') return normalizedMarkdown(Buffer.from(bytes).toString('utf8'), WRITTEN_NAMES);
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Opens notes that exist in the tree as a browser would, through sync providers on one socket straight to
 * the relay (SW1's window, so it is never refused); a note given `markdown` gets it as its text. Resolves,
 * once the relay acknowledged every one, with each note's Markdown as it then reads.
 */
export async function syncNotes(
  watched: WatchedRelay,
  notes: ReadonlyArray<{ readonly docId: string; readonly markdown?: string }>,
): Promise<Map<string, string>> {
  if (notes.length === 0) return new Map();
  const socket = new HocuspocusProviderWebsocket({
    url: watched.relay.syncUrl,
    WebSocketPolyfill: quietWebSocket(WebSocket),
  });
  const window = new DocumentWindow();
  const providers = notes.map(({ docId, markdown }) => {
    const provider = new WindowedProvider({
      websocketProvider: socket,
      window,
      name: formatNoteDocumentName(docId),
      document: new Y.Doc(),
      token: watched.token,
      awareness: null,
    });
    provider.attach();
    if (markdown !== undefined) applyMarkdownEdit(provider.document, markdown);
    return { docId, provider };
  });
  try {
    await untilAcknowledged(providers.map(({ provider }) => provider));
    return new Map(providers.map(({ docId, provider }) => [docId, markdownOfDocument(provider.document)]));
  } finally {
    for (const { provider } of providers) provider.destroy();
    socket.destroy();
  }
}

async function untilAcknowledged(providers: readonly WindowedProvider[], timeoutMs = 300_000): Promise<void> {
  const acknowledged = () => providers.filter((p) => p.isSynced && p.unsyncedChanges === 0).length;
  const deadline = Date.now() + timeoutMs;
  while (acknowledged() < providers.length) {
    if (Date.now() > deadline) throw new Error(`${acknowledged()} of ${providers.length} notes acknowledged`);
    await sleep(50);
  }
}
