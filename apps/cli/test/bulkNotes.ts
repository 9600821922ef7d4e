import { formatNoteDocumentName } from '@baalda/core';
import { markdownOfDocument } from '@baalda/markdown';
import { DocumentWindow, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { eventually, QuietWebSocket } from 'baalda-relay/testing';
import type * as Y from 'yjs';
import type { RelayClient } from '../src/relayClient';

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

/** Every note's Markdown as the relay has it. */
export async function readTexts(client: RelayClient, docIds: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  await onEveryDocument(client, docIds, (docId, doc) => texts.set(docId, markdownOfDocument(doc)));
  return texts;
}

function syncUrlOf(client: RelayClient): string {
  return `${client.baseUrl.replace(/^http/, 'ws')}/sync`;
}
