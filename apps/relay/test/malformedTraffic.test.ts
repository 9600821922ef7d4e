import { formatNoteDocumentName, LIMITS } from '@baalda/core';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually, type Peer } from './clients';
import { authedFetch, startTestRelay, type TestRelay } from './relays';

const noteName = formatNoteDocumentName('sharedNoteForAlice01');

/** Opens a raw socket, sends `frames`, and resolves with how the relay closed it. */
async function sendAndAwaitClose(
  url: string,
  frames: Array<Uint8Array | string>,
): Promise<{ code: number; reason: string }> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => {});
  for (const frame of frames) ws.send(frame);
  return closed;
}

/** A Hocuspocus sync-step-2 frame for `documentName` carrying `payload` as its update bytes. */
function syncFrame(documentName: string, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, 2);
  encoding.writeVarUint8Array(encoder, payload);
  return encoding.toUint8Array(encoder);
}

describe('malformed WebSocket traffic', () => {
  let relay: TestRelay;
  let alice: Peer;
  let bob: Peer;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    alice = await connectPeer(relay, noteName);
    bob = await connectPeer(relay, noteName);
  });

  afterAll(async () => {
    alice.destroy();
    bob.destroy();
    await relay.close();
    await dispose();
  });

  it('[WS1] garbage bytes close the socket with MESSAGE_MALFORMED', async () => {
    const closed = await sendAndAwaitClose(relay.syncUrl, [new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff])]);
    expect(closed.code).toBe(1007);
    expect(closed.reason).toMatch(/^MESSAGE_MALFORMED: /);
  });

  it('[WS1] a valid name followed by a truncated sync payload is MESSAGE_MALFORMED', async () => {
    const frame = syncFrame(noteName, new Uint8Array([1, 2, 3, 4]));
    const closed = await sendAndAwaitClose(relay.syncUrl, [frame.subarray(0, frame.length - 2)]);
    expect(closed).toEqual({ code: 1007, reason: expect.stringMatching(/^MESSAGE_MALFORMED: .*length/) });
  });

  it('[WS2, LIM1] a frame over the documented limit closes with MESSAGE_TOO_LARGE', async () => {
    const frame = syncFrame(noteName, new Uint8Array(LIMITS.maxFrameBytes));
    const closed = await sendAndAwaitClose(relay.syncUrl, [frame]);
    expect(closed.code).toBe(1009);
    expect(closed.reason).toMatch(/^MESSAGE_TOO_LARGE: Frame of \d+ bytes is over 2097152/);
  });

  it('[WS2, LIM1] a frame past the transport cap is cut off by the socket itself with 1009', async () => {
    const closed = await sendAndAwaitClose(relay.syncUrl, [new Uint8Array(LIMITS.maxFrameBytes * 2 + 1)]);
    expect(closed.code).toBe(1009);
  });

  it('[WS3, DOC1] an update for a document name the relay does not serve is refused', async () => {
    const closed = await sendAndAwaitClose(relay.syncUrl, [
      syncFrame('secrets:../../etc/passwd', new Uint8Array([0, 0])),
    ]);
    expect(closed).toEqual({
      code: 4404,
      reason: 'DOCUMENT_NAME_INVALID: Document name must start with "note:" or "vault:".',
    });
  });

  it('[WS3, DOC2] a note name with an id of the wrong shape is refused', async () => {
    const closed = await sendAndAwaitClose(relay.syncUrl, [syncFrame('note:short', new Uint8Array([0, 0]))]);
    expect(closed.code).toBe(4404);
    expect(closed.reason).toMatch(/^DOCUMENT_NAME_INVALID: Note id must be/);
  });

  it('[WS4] a text frame is refused: the protocol is binary', async () => {
    const closed = await sendAndAwaitClose(relay.syncUrl, ['hello']);
    expect(closed).toEqual({ code: 1003, reason: 'MESSAGE_NOT_BINARY: Send binary frames.' });
  });

  it('[WS5] after all of that the relay still serves its other clients and its API', async () => {
    appendParagraph(alice.doc, 'still here');
    await eventually(
      () => bob.text() === 'still here',
      () => `bob sees ${JSON.stringify(bob.text())}`,
    );
    const health = await authedFetch(relay, `/api/health`);
    expect(health.status).toBe(200);
  });

  it('[WS6] upgrades on any path but /sync are refused with 404', async () => {
    const ws = new WebSocket(relay.syncUrl.replace('/sync', '/elsewhere'));
    const status = await new Promise<number | undefined>((resolve) => {
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      ws.once('error', () => resolve(undefined));
    });
    expect(status).toBe(404);
  });
});
