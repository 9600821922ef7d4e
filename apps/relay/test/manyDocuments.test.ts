import { formatNoteDocumentName, type VaultOp } from '@baalda/core';
import { DocumentWindow, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { pgliteBackend } from './backends';
import { appendParagraph, eventually } from './clients';
import { startFaultyProxy } from './convergence/faultyProxy';
import { QuietWebSocket } from './quietWebSocket';
import { startTestRelay, type TestRelay } from './relays';
import { isRefusalLine, recordingLogger } from './relayWarnings';
import { seededRandom } from './seededRandom';
import { createOwnedVault, type OwnedVault, randomId, relayMarkdown, sendVaultOps } from './testVaults';

const NOTES = 300;

describe('many documents on one socket (SW1)', { timeout: 120_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let vault: OwnedVault;
  const docIds: string[] = [];
  // The relay's warnings, and Hocuspocus's own (it warns on the console before it resets a connection).
  const warnings: string[] = [];

  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target, { logger: recordingLogger(warnings) });
    vault = await createOwnedVault(relay);
    for (let start = 0; start < NOTES; start += 100) {
      const ops: VaultOp[] = Array.from({ length: Math.min(100, NOTES - start) }, (_, offset) => {
        const docId = randomId();
        docIds.push(docId);
        return {
          opId: randomId(),
          kind: 'createNote',
          docId,
          path: `bulk/note ${start + offset}.md`,
          createdAt: Date.now(),
        };
      });
      await sendVaultOps(relay, vault, ops);
    }
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await relay?.close();
    await dispose?.();
  });

  function openAll(socket: HocuspocusProviderWebsocket, window: DocumentWindow, docs: Map<string, Y.Doc>) {
    return docIds.map((docId) => {
      const doc = docs.get(docId) ?? new Y.Doc();
      docs.set(docId, doc);
      const provider = new WindowedProvider({
        websocketProvider: socket,
        window,
        name: formatNoteDocumentName(docId),
        document: doc,
        token: vault.token,
        awareness: null,
      });
      provider.attach();
      return provider;
    });
  }

  const isAcknowledged = (provider: HocuspocusProvider) => provider.isSynced && provider.unsyncedChanges === 0;

  it(`[SW1] ${NOTES} notes on one socket all authenticate and sync, and the relay refuses nothing`, async () => {
    const socket = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
    const window = new DocumentWindow();
    const docs = new Map<string, Y.Doc>();
    const providers = openAll(socket, window, docs);
    for (const [index, docId] of docIds.entries()) appendParagraph(docs.get(docId) as Y.Doc, `line of note ${index}`);
    await eventually(
      () => providers.every(isAcknowledged),
      () => `${providers.filter(isAcknowledged).length} of ${NOTES} acknowledged; ${window.waitingCount} waiting`,
      60_000,
    );
    expect(await relayMarkdown(relay, vault, docIds[NOTES - 1] as string)).toContain(`line of note ${NOTES - 1}`);
    expect(warnings.filter(isRefusalLine)).toEqual([]);
    for (const provider of providers) provider.destroy();
    socket.destroy();
  });

  it('[SW1] without the window, the same notes on one socket are refused (the limits still hold for others)', async () => {
    const before = warnings.length;
    const socket = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
    const providers = docIds.map((docId) => {
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: formatNoteDocumentName(docId),
        token: vault.token,
        awareness: null,
      });
      provider.attach();
      return provider;
    });
    await eventually(
      () => warnings.slice(before).some((line) => line.includes('PRE_AUTH_LIMIT')),
      () => 'no refusal',
    );
    for (const provider of providers) provider.destroy();
    socket.destroy();
  });

  it('[SW1][SW2] a connection cut every second while every note is edited: all edits arrive, nothing is refused', async () => {
    const proxy = await startFaultyProxy(relay.syncUrl, seededRandom(17));
    const before = warnings.length;
    const socket = new HocuspocusProviderWebsocket({
      url: proxy.url,
      WebSocketPolyfill: QuietWebSocket,
      delay: 50,
      minDelay: 50,
      maxDelay: 200,
    });
    const window = new DocumentWindow();
    const docs = new Map<string, Y.Doc>();
    const providers = openAll(socket, window, docs);
    const cuts = setInterval(() => proxy.cutAll(), 1000);
    for (let round = 0; round < 3; round += 1) {
      // By index, not id: an id may start with `_`, which the note's Markdown rightly escapes.
      for (const [index, docId] of docIds.entries())
        appendParagraph(docs.get(docId) as Y.Doc, `flap ${round} of note ${index}`);
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    clearInterval(cuts);
    await eventually(
      () => providers.every(isAcknowledged),
      () => `${providers.filter(isAcknowledged).length} of ${NOTES} acknowledged after the cuts`,
      60_000,
    );
    for (const [index, docId] of docIds.slice(0, 20).entries())
      expect(await relayMarkdown(relay, vault, docId)).toContain(`flap 2 of note ${index}`);
    expect(warnings.slice(before).filter(isRefusalLine)).toEqual([]);
    for (const provider of providers) provider.destroy();
    socket.destroy();
    await proxy.close();
  });
});
