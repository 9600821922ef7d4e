import { formatNoteDocumentName } from '@baalda/core';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nextOpId, postOps } from './apiBody';
import { runAdmin, testBackends } from './backends';
import { eventually } from './clients';
import { QuietWebSocket } from './quietWebSocket';
import { startTestRelay, type TestRelay } from './relays';

const postgres = testBackends().find((backend) => backend.name === 'postgres');
if (!postgres) console.warn('[accessUnavailable] skipped: BAALDA_TEST_DATABASE_URL is not set');

describe.skipIf(!postgres)('a relay that cannot decide access for a moment (WS12)', () => {
  let relay: TestRelay;
  let url: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await (postgres as NonNullable<typeof postgres>).create();
    dispose = database.dispose;
    if (database.target.kind !== 'postgres') throw new Error('WS12 runs on PostgreSQL');
    url = database.target.url;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    await relay?.close();
    await dispose?.();
  });

  it('[WS12] a failed access check closes the socket with 1013 instead of refusing; the client gets in once it can', async () => {
    const docId = 'accessCheckFailed_01';
    await postOps(relay, [{ opId: nextOpId(), kind: 'createNote', docId, path: 'Busy.md', createdAt: Date.now() }]);
    // Every token lookup now fails, as it would while the database is away or its pool exhausted.
    await runAdmin(url, 'ALTER TABLE access_token RENAME TO access_token_away');
    const closes: number[] = [];
    const refusals: string[] = [];
    const socket = new HocuspocusProviderWebsocket({
      url: relay.syncUrl,
      WebSocketPolyfill: QuietWebSocket,
      delay: 100,
      minDelay: 50,
      maxDelay: 300,
    });
    socket.on('close', ({ event }: { event: { code: number } }) => closes.push(event.code));
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: formatNoteDocumentName(docId),
      document: new Y.Doc(),
      token: relay.token,
      onAuthenticationFailed: ({ reason }) => refusals.push(reason),
    });
    provider.attach();
    try {
      await eventually(
        () => closes.length >= 2,
        () => `closes so far: ${closes}; refusals: ${refusals}; synced ${provider.isSynced}`,
      );
      expect(new Set(closes)).toEqual(new Set([1013]));
      await runAdmin(url, 'ALTER TABLE access_token_away RENAME TO access_token');
      await eventually(
        () => provider.isSynced,
        () => 'the client never got in after the database came back',
      );
      expect(refusals).toEqual([]);
    } finally {
      provider.destroy();
      socket.destroy();
      await runAdmin(url, 'ALTER TABLE IF EXISTS access_token_away RENAME TO access_token');
    }
  });
});
