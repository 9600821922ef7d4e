import { formatNoteDocumentName, formatVaultDocumentName, type VaultOp } from '@baalda/core';
import { DocumentWindow, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createAccessService } from '../src/access/accessService';
import { ACCESS_CHANGED_CLOSE } from '../src/access/connectionRechecks';
import { TEST_PASSWORD_COST } from '../src/access/passwords';
import { lostConnections, openConnections } from '../src/access/recheckPass';
import { nextOpId, postOps, readBody } from './apiBody';
import { pgliteBackend } from './backends';
import { eventually } from './clients';
import { addPerson, type Person } from './people';
import { countingClient } from './queryCounter';
import { QuietWebSocket } from './quietWebSocket';
import { adminFetch, startTestRelay, TEST_OWNER, type TestRelay } from './relays';
import { openAs } from './syncAs';
import { randomId } from './testVaults';

// A cut is waited for as a condition, bounded only so that a failure says what was still open before the
// test's own limit; how fast it comes (ACL6: 5 s) is checked in the measuring lane (recheck.latency).
const WAIT_MS = 40_000;

const FEW = 10;
const MANY = 200;
const LAUNCH = 'launchPlanNote000001';
const CREATED = Date.UTC(2026, 10, 30);

describe('ACL6 rechecks with many documents open', { timeout: 120_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let alice: Person;
  const placed: string[] = [];
  // A device that opens every document on one socket, as the web app and the mirror do.
  const socket = { cuts: 0, providers: [] as WindowedProvider[], ws: null as HocuspocusProviderWebsocket | null };
  const window = new DocumentWindow();

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    alice = await addPerson(relay, 'alice', 'editor');
    for (let start = 0; start < MANY; start += 100) {
      const ops: VaultOp[] = Array.from({ length: 100 }, (_, offset) => {
        const docId = randomId();
        placed.push(docId);
        return {
          opId: nextOpId(),
          kind: 'createNote',
          docId,
          path: `Bulk/note ${start + offset}.md`,
          createdAt: CREATED,
        };
      });
      expect((await postOps(relay, ops)).status).toBe(200);
    }
    const launch = { opId: nextOpId(), kind: 'createNote', docId: LAUNCH, path: 'Plans/Launch.md', createdAt: CREATED };
    expect((await postOps(relay, [launch])).status).toBe(200);
    // The owner's private folder: every decision on the device's notes reads it.
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'Board', memberEmails: [TEST_OWNER.email] }),
    });
    expect(restricted.status).toBe(200);
    socket.ws = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
    // Only ACL6's close counts: an idle socket may also be closed by its own keep-alive, and reconnect.
    socket.ws.on('close', ({ event }: { event: { code: number } }) => {
      if (event.code === ACCESS_CHANGED_CLOSE.code) socket.cuts += 1;
    });
    await openOnDevice([formatVaultDocumentName('default'), formatNoteDocumentName(LAUNCH)]);
  });

  afterAll(async () => {
    for (const provider of socket.providers) provider.destroy();
    socket.ws?.destroy();
    await relay?.close();
    await dispose?.();
  });

  async function openOnDevice(names: readonly string[]): Promise<void> {
    for (const name of names) {
      const provider = new WindowedProvider({
        websocketProvider: socket.ws as HocuspocusProviderWebsocket,
        window,
        name,
        document: new Y.Doc(),
        token: relay.token,
        awareness: null,
      });
      provider.attach();
      socket.providers.push(provider);
    }
    await eventually(
      () => socket.providers.every((provider) => provider.isSynced),
      () => `${socket.providers.filter((provider) => provider.isSynced).length} of ${socket.providers.length} synced`,
      60_000,
    );
  }

  // Placed notes, and one in ten a note made offline whose create op has not arrived (no row yet).
  async function openNotes(from: number, to: number): Promise<void> {
    const names = placed.slice(from, to).map(formatNoteDocumentName);
    for (let index = from; index < to; index += 10) names.push(formatNoteDocumentName(randomId()));
    await openOnDevice(names);
  }

  async function queriesOfOnePass(): Promise<{ queries: number; connections: number }> {
    const counting = countingClient(relay.prisma);
    const access = createAccessService(counting.client, TEST_PASSWORD_COST);
    const lost = await lostConnections(access, relay.hocuspocus, new Date());
    expect(lost).toEqual([]);
    return { queries: counting.queries(), connections: openConnections(relay.hocuspocus).length };
  }

  it('[ACL6] one recheck pass sends as many queries with 200 documents open as with 10', async () => {
    await openNotes(0, FEW);
    const few = await queriesOfOnePass();
    await openNotes(FEW, MANY);
    const many = await queriesOfOnePass();
    expect(few.connections).toBe(2 + FEW + FEW / 10);
    expect(many.connections).toBe(2 + MANY + MANY / 10);
    expect(many.queries).toBe(few.queries);
    expect(few.queries).toBeGreaterThan(0);
  });

  it('[ACL6] with 200 documents open, a note moved into a private folder cuts its reader and no one else', async () => {
    const reader = await openAs(relay.syncUrl, alice.token, formatNoteDocumentName(LAUNCH));
    expect(reader.synced()).toBe(true);
    const moved = await postOps(relay, [
      { opId: nextOpId(), kind: 'moveNote', docId: LAUNCH, path: 'Board/Launch.md' },
    ]);
    expect((await readBody(moved)).results).toMatchObject([{ ok: true }]);
    await eventually(
      () => reader.denials.length > 0,
      () => `alice still open (closes: ${reader.closes()})`,
      WAIT_MS,
    );
    expect(reader.denials.at(-1)).toMatch(/^NOT_FOUND/);
    // The owner keeps every right (a member of Board): a full pass later, the device's socket is still open.
    await relay.recheckConnections();
    expect(socket.cuts).toBe(0);
    reader.destroy();
  });
});
