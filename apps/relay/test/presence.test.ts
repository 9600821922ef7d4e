import { formatNoteDocumentName, LIMITS, presenceUserOf } from '@baalda/core';
import { DocumentWindow, WindowedProvider } from '@baalda/sync-client';
import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nextOpId, postOps } from './apiBody';
import { pgliteBackend } from './backends';
import { eventually } from './clients';
import { addPerson, type Person } from './people';
import { QuietWebSocket } from './quietWebSocket';
import { MESSAGE, openAuthenticatedSocket, type RawSocket } from './rawSockets';
import { startTestRelay, type TestRelay } from './relays';
import { openAs, type Session } from './syncAs';

const NOTE = formatNoteDocumentName('presenceMeetingNote1');
const OTHER_NOTE = formatNoteDocumentName('presenceOtherNote001');
const CREATED = Date.UTC(2026, 11, 1);

/** A y-protocols awareness update with the given client states, written by hand as a hostile client would. */
function statesUpdate(entries: Array<[clientId: number, clock: number, state: string]>): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const [clientId, clock, state] of entries) {
    encoding.writeVarUint(update, clientId);
    encoding.writeVarUint(update, clock);
    encoding.writeVarString(update, state);
  }
  return encoding.toUint8Array(update);
}

/** An awareness frame for `documentName` carrying `update`. */
function awarenessFrame(documentName: string, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, MESSAGE.awareness);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** A caret as y-prosemirror shares it, into a real document's text. */
function caretIn(doc: Y.Doc): unknown {
  const text = new Y.XmlText('presence');
  doc.getXmlFragment('elsewhere').insert(0, [text]);
  const at = (index: number) => Y.createRelativePositionFromTypeIndex(text, index);
  return JSON.parse(JSON.stringify({ anchor: at(1), head: at(5) }));
}

const stateOf = (session: Session, clientId: number) => session.provider.awareness?.getStates().get(clientId);

describe('presence at the relay (PRES4, PRES7, PRES8)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  const open: Array<{ destroy(): void }> = [];
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: 'presenceMeetingNote1', path: 'Meeting.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: 'presenceOtherNote001', path: 'Other.md', createdAt: CREATED },
    ]);
    alice = await addPerson(relay, 'alice', 'editor');
    bob = await addPerson(relay, 'bob', 'viewer');
    carol = await addPerson(relay, 'carol', 'editor');
  });

  afterAll(async () => {
    for (const session of open) session.destroy();
    await relay.close();
    await dispose();
  });

  async function session(person: Person, documentName: string): Promise<Session> {
    const opened = await openAs(relay.syncUrl, person.token, documentName);
    open.push(opened);
    return opened;
  }

  async function rawSocket(person: Person, documentName: string): Promise<RawSocket> {
    const socket = await openAuthenticatedSocket(relay.syncUrl, documentName, person.token);
    open.push({ destroy: () => socket.ws.terminate() });
    return socket;
  }

  it('[PRES7] a viewer is present as their account says, with their caret and nothing else, and stays connected', async () => {
    const atAlice = await session(alice, NOTE);
    const atBob = await session(bob, NOTE);
    const atCarol = await session(carol, OTHER_NOTE);
    expect(atBob.readOnly()).toBe(true);
    const caret = caretIn(atBob.doc);
    atBob.provider.setAwarenessField('user', { id: alice.userId, name: 'alice', color: '#000000', email: bob.email });
    atBob.provider.setAwarenessField('cursor', caret);
    atBob.provider.setAwarenessField('secret', 'the launch codes');
    const expected = { user: presenceUserOf({ id: bob.userId, name: 'bob' }), cursor: caret };
    await eventually(
      () => JSON.stringify(stateOf(atAlice, atBob.doc.clientID)) === JSON.stringify(expected),
      () => `alice sees bob as ${JSON.stringify(stateOf(atAlice, atBob.doc.clientID))}`,
    );
    // A state that names no one (a note synced in the background) reaches the others empty, caret and all.
    atAlice.provider.setAwarenessField('cursor', caretIn(atAlice.doc));
    await eventually(
      () => JSON.stringify(stateOf(atBob, atAlice.doc.clientID)) === '{}',
      () => `bob sees alice as ${JSON.stringify(stateOf(atBob, atAlice.doc.clientID))}`,
    );
    expect(atBob.closes()).toBe(0);
    expect(atBob.synced()).toBe(true);
    expect([...(atCarol.provider.awareness?.getStates().keys() ?? [])]).toEqual([atCarol.doc.clientID]);
  });

  it("[PRES7] a connection speaks for one client id: never another person's, and a reconnect of the same person takes its own over", async () => {
    const atAlice = await session(alice, NOTE);
    const atBob = await session(bob, NOTE);
    atAlice.provider.setAwarenessField('user', { name: 'alice' });
    const aliceId = atAlice.doc.clientID;
    await eventually(
      () => stateOf(atBob, aliceId)?.user?.name === 'alice',
      () => `bob sees alice as ${JSON.stringify(stateOf(atBob, aliceId))}`,
    );
    const clock = (atAlice.provider.awareness?.meta.get(aliceId)?.clock ?? 0) + 10;
    const carolSocket = await rawSocket(carol, NOTE);
    const announce = JSON.stringify({ user: { name: 'anyone' } });
    const forged = statesUpdate([
      [aliceId, clock, announce],
      [101, 1, announce],
      [102, 1, announce],
    ]);
    carolSocket.ws.send(awarenessFrame(NOTE, forged));
    await eventually(
      () => stateOf(atBob, 101) !== undefined,
      () => `bob's states: ${JSON.stringify([...(atBob.provider.awareness?.getStates() ?? [])])}`,
    );
    expect(stateOf(atBob, 101)?.user).toEqual(presenceUserOf({ id: carol.userId, name: 'carol' }));
    expect(stateOf(atBob, 102)).toBeUndefined();
    expect(stateOf(atBob, aliceId)?.user?.name).toBe('alice');
    expect(await carolSocket.endWithin(50)).toBe('open');

    const aliceAgain = await rawSocket(alice, NOTE);
    const takeover = statesUpdate([[aliceId, clock + 1, JSON.stringify({ user: {}, cursor: null })]]);
    aliceAgain.ws.send(awarenessFrame(NOTE, takeover));
    await eventually(
      () => stateOf(atBob, aliceId)?.cursor === null,
      () => `bob sees alice as ${JSON.stringify(stateOf(atBob, aliceId))}`,
    );
    // The old connection closing no longer takes the state away: it belongs to the new one now.
    atAlice.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stateOf(atBob, aliceId)?.user?.name).toBe('alice');
    aliceAgain.ws.close();
    await eventually(
      () => stateOf(atBob, aliceId) === undefined,
      () => `bob still sees alice as ${JSON.stringify(stateOf(atBob, aliceId))}`,
    );
  });

  it('[PRES4] after its socket closed and opened again, a windowed provider shows at once who is still there', async () => {
    const atAlice = await session(alice, NOTE);
    atAlice.provider.setAwarenessField('user', { name: 'alice' });
    const socket = new HocuspocusProviderWebsocket({ url: relay.syncUrl, WebSocketPolyfill: QuietWebSocket });
    const provider = new WindowedProvider({
      websocketProvider: socket,
      window: new DocumentWindow(),
      name: NOTE,
      document: new Y.Doc(),
      token: bob.token,
    });
    open.push({
      destroy: () => {
        provider.destroy();
        socket.destroy();
      },
    });
    provider.attach();
    const seesAlice = () => provider.awareness?.getStates().get(atAlice.doc.clientID)?.user?.name === 'alice';
    await eventually(seesAlice, () => 'bob never saw alice');
    socket.disconnect();
    await eventually(
      () => !seesAlice(),
      () => 'bob still sees alice with his socket closed',
    );
    await socket.connect();
    // Alice changed nothing meanwhile: the relay sends her state at the clock bob saw last. Her next renewal
    // would come only after 15 s.
    await eventually(seesAlice, () => 'bob does not see alice again', 3000);
  });

  it('[PRES8, LIM19] an awareness update over 16 KiB closes the socket with 1009, one that is not a list of states with 1007', async () => {
    const oversized = await rawSocket(carol, NOTE);
    const name = 'x'.repeat(LIMITS.maxAwarenessBytes);
    oversized.ws.send(awarenessFrame(NOTE, statesUpdate([[201, 1, JSON.stringify({ user: { name } })]])));
    expect(await oversized.endWithin(2000)).toMatchObject({
      code: 1009,
      reason: expect.stringMatching(/^MESSAGE_TOO_LARGE: Awareness/),
    });
    const broken: Array<[string, Uint8Array]> = [
      ['a count with no states', Uint8Array.from([5])],
      ['a state that is not JSON', statesUpdate([[202, 1, '{"user":']])],
      ['bytes after the last state', Uint8Array.from([...statesUpdate([[203, 1, '{}']]), 0])],
    ];
    for (const [what, update] of broken) {
      const socket = await rawSocket(carol, NOTE);
      socket.ws.send(awarenessFrame(NOTE, update));
      expect(await socket.endWithin(2000), what).toMatchObject({ code: 1007 });
    }
  });
});
