import { formatNoteDocumentName, markdownOfDocument, type VaultOp } from '@baalda/core';
import { DocumentWindow, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { appendParagraph, eventually, QuietWebSocket } from 'baalda-relay/testing';
import type * as Y from 'yjs';
import { sendOps } from '../src/mirror/relayCalls';
import type { RelayClient } from '../src/relayClient';
import { randomId } from './mirrorFixtures';

/** Creates a note at each path, a tree batch (LIM7) at a time; returns their docIds in the same order. */
export async function createNotes(client: RelayClient, paths: readonly string[]): Promise<string[]> {
  const docIds = paths.map(() => randomId());
  for (let start = 0; start < paths.length; start += 100) {
    const ops: VaultOp[] = paths.slice(start, start + 100).map((path, offset) => ({
      opId: randomId(),
      kind: 'createNote',
      docId: docIds[start + offset] as string,
      path,
      createdAt: Date.now(),
    }));
    const outcomes = await sendOps(client, ops);
    const refused = outcomes.find((outcome) => !outcome.ok);
    if (refused) throw new Error(`createNote refused: ${JSON.stringify(refused)}`);
  }
  return docIds;
}

/**
 * Opens every document on one socket through the window (SW1), as one device would, runs `each` on its
 * document once it holds the relay's copy, waits until the relay acknowledged everything, and closes.
 */
export async function onEveryDocument(
  client: RelayClient,
  docIds: readonly string[],
  each: (docId: string, doc: Y.Doc) => void,
  timeoutMs = 120_000,
): Promise<void> {
  const socket = new HocuspocusProviderWebsocket({ url: syncUrlOf(client), WebSocketPolyfill: QuietWebSocket });
  const window = new DocumentWindow();
  const providers = docIds.map((docId) => {
    const provider = new WindowedProvider({
      websocketProvider: socket,
      window,
      name: formatNoteDocumentName(docId),
      token: client.token,
      awareness: null,
      onSynced: () => each(docId, provider.document),
    });
    provider.attach();
    return provider;
  });
  const isDone = () => providers.filter((provider) => provider.isSynced && provider.unsyncedChanges === 0).length;
  try {
    await eventually(
      () => isDone() === providers.length,
      () => `${isDone()} of ${providers.length} documents synced`,
      timeoutMs,
    );
  } finally {
    for (const provider of providers) provider.destroy();
    socket.destroy();
  }
}

/** Writes `textOf(index)` as a paragraph into each note. */
export function writeTexts(client: RelayClient, docIds: readonly string[], textOf: (index: number) => string) {
  const indexOf = new Map(docIds.map((docId, index) => [docId, index]));
  return onEveryDocument(client, docIds, (docId, doc) => appendParagraph(doc, textOf(indexOf.get(docId) ?? -1)));
}

/** Every note's Markdown as the relay has it. */
export async function readTexts(client: RelayClient, docIds: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  await onEveryDocument(client, docIds, (docId, doc) => texts.set(docId, markdownOfDocument(doc)));
  return texts;
}

function syncUrlOf(client: RelayClient): string {
  return `${client.baseUrl.replace(/^http/, 'ws')}/sync`;
}
