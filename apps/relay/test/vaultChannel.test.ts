import { formatNoteDocumentName, formatVaultDocumentName } from '@baalda/core';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nextOpId, postOps, readBody } from './apiBody';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { QuietWebSocket } from './quietWebSocket';
import { authedFetch, startTestRelay, type TestRelay } from './relays';

/** A client of the vault channel that records every stateless message it hears. */
async function connectChannel(relay: TestRelay) {
  const socket = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
  const heard: Array<Record<string, unknown>> = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: formatVaultDocumentName('default'),
    document: new Y.Doc(),
    token: relay.token,
    onStateless: ({ payload }) => heard.push(JSON.parse(payload)),
  });
  provider.attach();
  await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    heard,
    send: (message: unknown) => provider.sendStateless(JSON.stringify(message)),
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

describe('the vault channel and tree ops with live documents', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  const peers: Array<{ destroy(): void }> = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    for (const peer of peers) peer.destroy();
    await relay.close();
    await dispose();
  });

  async function peer(docId: string): Promise<Peer> {
    const connected = await connectPeer(relay, formatNoteDocumentName(docId));
    peers.push(connected);
    return connected;
  }

  it('[OP4, PATH*] ops sent over the WebSocket are answered per op; a bad path names its rule and writes nothing', async () => {
    const alice = await connectChannel(relay);
    const bob = await connectChannel(relay);
    peers.push(alice, bob);
    const createdAt = Date.UTC(2026, 10, 30);
    alice.send({
      type: 'ops',
      requestId: 'r1',
      ops: [{ opId: nextOpId(), kind: 'createNote', docId: 'wsBadPathNote_00001', path: 'a/../b.md', createdAt }],
    });
    await eventually(
      () => alice.heard.some((message) => message.requestId === 'r1'),
      () => JSON.stringify(alice.heard),
    );
    expect(alice.heard.find((message) => message.requestId === 'r1')).toMatchObject({
      type: 'opsResult',
      results: [{ ok: false, code: 'PATH_INVALID', rule: 'PATH2' }],
    });
    expect(bob.heard).toEqual([]);

    alice.send({
      type: 'ops',
      requestId: 'r2',
      ops: [{ opId: nextOpId(), kind: 'createNote', docId: 'wsGoodPathNote_0001', path: 'Inbox/Today.md', createdAt }],
    });
    await eventually(
      () => bob.heard.some((message) => message.type === 'treeChanged'),
      () => JSON.stringify(bob.heard),
    );
    const tree = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    expect(bob.heard.at(-1)).toEqual({ type: 'treeChanged', version: tree.version });
    expect(tree.notes?.map((note) => note.path)).toContain('Inbox/Today.md');
  });

  it('[OP4] a malformed message on the channel gets an error reply and changes nothing', async () => {
    const carol = await connectChannel(relay);
    peers.push(carol);
    carol.send({ type: 'ops', requestId: 'bad', ops: 'not a list' });
    carol.send({ type: 'hello', requestId: 'odd' });
    await eventually(
      () => carol.heard.length === 2,
      () => JSON.stringify(carol.heard),
    );
    expect(carol.heard).toEqual([
      expect.objectContaining({ type: 'error', requestId: 'bad', code: 'OP_INVALID' }),
      expect.objectContaining({ type: 'error', requestId: 'odd', code: 'OP_INVALID' }),
    ]);
  });

  it('[CN4, FD2] renaming and moving a note while someone types in it: the text survives and follows the note', async () => {
    const docId = 'movingWhileTyping01';
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId, path: 'Draft.md', createdAt: Date.UTC(2026, 10, 30) },
    ]);
    const bob = await peer(docId);
    appendParagraph(bob.doc, 'First line by bob.');
    const moved = await readBody(
      await postOps(relay, [
        { opId: nextOpId(), kind: 'moveNote', docId, path: 'Projects/Draft.md' },
        { opId: nextOpId(), kind: 'moveNote', docId, path: 'Projects/Launch plan.md' },
      ]),
    );
    appendParagraph(bob.doc, 'Second line by bob, after the move.');
    expect(moved.results?.map((result) => result.ok)).toEqual([true, true]);
    const carol = await peer(docId);
    await eventually(
      () => carol.text() === bob.text() && carol.text().includes('after the move'),
      () => carol.text(),
    );
    const tree = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    expect(tree.notes?.filter((note) => note.docId === docId).map((note) => note.path)).toEqual([
      'Projects/Launch plan.md',
    ]);
  });

  it('[TR1, TR2] trash then restore keeps the text and the docId; while trashed the note is not in the tree', async () => {
    const docId = 'trashedAndBack_0001';
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId, path: 'Keep me.md', createdAt: Date.UTC(2026, 10, 30) },
    ]);
    const alice = await peer(docId);
    appendParagraph(alice.doc, 'Words worth keeping.');
    await postOps(relay, [{ opId: nextOpId(), kind: 'trashNote', docId }]);
    const whileTrashed = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    expect(whileTrashed.notes?.some((note) => note.docId === docId)).toBe(false);
    const trash = await readBody(await authedFetch(relay, `/api/vaults/default/trash`));
    expect(trash.notes?.map((note) => [note.docId, note.path])).toContainEqual([docId, 'Keep me.md']);
    await postOps(relay, [{ opId: nextOpId(), kind: 'restoreNote', docId }]);
    alice.destroy();
    const bob = await peer(docId);
    await eventually(
      () => bob.text() === 'Words worth keeping.',
      () => bob.text(),
    );
    const after = await readBody(await authedFetch(relay, `/api/vaults/default/tree`));
    expect(after.notes?.filter((note) => note.docId === docId).map((note) => note.path)).toEqual(['Keep me.md']);
  });

  it('[DOC2, TR3] a purged note’s document can no longer be opened', async () => {
    const docId = 'purgedForGood_00001';
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId, path: 'Gone.md', createdAt: Date.UTC(2026, 10, 30) },
      { opId: nextOpId(), kind: 'trashNote', docId },
      { opId: nextOpId(), kind: 'purgeNote', docId },
    ]);
    const socket = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: formatNoteDocumentName(docId),
      document: new Y.Doc(),
      token: relay.token,
    });
    peers.push({
      destroy: () => {
        provider.destroy();
        socket.destroy();
      },
    });
    const reason = await new Promise<string>((resolve) => {
      provider.on('authenticationFailed', ({ reason: why }: { reason: string }) => resolve(why));
      provider.attach();
    });
    expect(reason).toMatch(/^DOC_ID_RETIRED/);
  });
});
