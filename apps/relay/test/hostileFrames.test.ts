import { formatNoteDocumentName, LIMITS } from '@baalda/core';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { expectOthersUnaffected, type LatencyProbe, measureDuringAttack, openLatencyProbe } from './attackHarness';
import { startAttackProcess } from './attackProcess';
import type { AttackEnd } from './attackWorker';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually } from './clients';
import {
  MESSAGE,
  openAuthenticatedSocket,
  openRawSocket,
  type RawSocket,
  type SocketEnd,
  SYNC,
  syncFrame,
} from './rawSockets';
import { authedFetch, startTestRelay, type TestRelay } from './relays';
import { seededRandom } from './seededRandom';

/** The note every attack in this file addresses; the latency probe edits another one. */
const TARGET = formatNoteDocumentName('hostileFramesTarget1');
const YJS_687 = Buffer.from('00010000000001000100010200001602000001fdffffffff7f0000', 'hex');
const FUZZ_SEED = 20261130;
const FUZZ_FRAMES = 300;

/** V1 updates whose counts promise more than their bytes hold (each a way a decoder could be made to spin). */
function craftedV1Updates(): Array<[string, Uint8Array]> {
  const group = (structs: number, body: (encoder: encoding.Encoder) => void) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarUint(encoder, structs);
    encoding.writeVarUint(encoder, 99);
    encoding.writeVarUint(encoder, 0);
    body(encoder);
    return encoding.toUint8Array(encoder);
  };
  const rootItem = (content: number) => (encoder: encoding.Encoder) => {
    encoding.writeUint8(encoder, content);
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarString(encoder, 'default');
  };
  return [
    ['2^31 structs', group(2 ** 31, (encoder) => encoding.writeUint8(encoder, 0))],
    ['2^31 client groups', Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x07, 0])],
    ['2^31 delete-set clients', Uint8Array.from([0, 0xff, 0xff, 0xff, 0xff, 0x07])],
    [
      '2^31 Any values',
      group(1, (encoder) => {
        rootItem(8)(encoder);
        encoding.writeVarUint(encoder, 2 ** 31);
      }),
    ],
    [
      '2^31 JSON values',
      group(1, (encoder) => {
        rootItem(2)(encoder);
        encoding.writeVarUint(encoder, 2 ** 31);
      }),
    ],
    [
      'a 2^40-byte string',
      group(1, (encoder) => {
        rootItem(4)(encoder);
        encoding.writeVarUint(encoder, 2 ** 40);
      }),
    ],
  ];
}

/** A real sync frame: an update of a paragraph typed into a fresh doc. */
function realUpdateFrame(random: () => number): Uint8Array {
  const doc = new Y.Doc();
  appendParagraph(doc, `fuzz ${Math.floor(random() * 1e6)}`);
  doc.getMap('meta').set('tags', ['a', { b: random() }]);
  return syncFrame(TARGET, Y.encodeStateAsUpdate(doc), random() < 0.5 ? SYNC.step2 : SYNC.update);
}

/** One hostile frame: random bytes, a random payload behind a valid envelope, truncated, bit-flipped or too big. */
function fuzzFrame(random: () => number): Uint8Array {
  const roll = random();
  const randomBytes = (length: number) => Uint8Array.from({ length }, () => Math.floor(random() * 256));
  if (roll < 0.2) return randomBytes(Math.floor(random() * 80));
  if (roll < 0.4) return syncFrame(TARGET, randomBytes(1 + Math.floor(random() * 80)), Math.floor(random() * 3));
  const real = realUpdateFrame(random);
  if (roll < 0.6) return real.subarray(0, Math.floor(random() * real.length));
  if (roll < 0.97) {
    const flipped = real.slice();
    const flips = 1 + Math.floor(random() * 4);
    for (let flip = 0; flip < flips; flip += 1) {
      const at = Math.floor(random() * flipped.length);
      flipped[at] = (flipped[at] ?? 0) ^ (1 << Math.floor(random() * 8));
    }
    return flipped;
  }
  return new Uint8Array(LIMITS.maxFrameBytes + 1);
}

/** Close codes a hostile frame may earn: WS1, WS2, WS3, Hocuspocus's own decoding refusal; or staying open. */
const EXPECTED_ENDS = new Set<number | 'open'>([1007, 1009, 4404, 4205, 4401, 'open']);

describe('hostile frames (WS1, WS7, WS8)', { timeout: 60_000 }, () => {
  let relay: TestRelay;
  let probe: LatencyProbe;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    probe = await openLatencyProbe(relay);
  });

  afterAll(async () => {
    probe.close();
    await relay.close();
    await dispose();
  });

  async function sendOn(socket: RawSocket, frame: Uint8Array): Promise<SocketEnd> {
    socket.ws.send(frame);
    const end = await socket.endWithin(2_000);
    socket.ws.terminate();
    return end;
  }

  it("[WS8] yjs#687's bytes as sync step 2, update and sync reply are refused at once, before and after authentication", async () => {
    for (const type of [MESSAGE.sync, MESSAGE.syncReply]) {
      for (const subtype of [SYNC.step2, SYNC.update]) {
        const frame = syncFrame(TARGET, YJS_687, subtype, type);
        const sockets = [
          await openRawSocket(relay.syncUrl),
          await openAuthenticatedSocket(relay.syncUrl, TARGET, relay.token),
        ];
        for (const socket of sockets) {
          expect(await sendOn(socket, frame)).toEqual({
            code: 1007,
            reason: 'MESSAGE_MALFORMED: Update has 23 bytes after its end.',
          });
        }
      }
    }
  });

  it('[WS8] crafted V1 updates whose counts outrun their bytes are refused from an authenticated socket', async () => {
    for (const [label, update] of craftedV1Updates()) {
      const socket = await openAuthenticatedSocket(relay.syncUrl, TARGET, relay.token);
      const end = await sendOn(socket, syncFrame(TARGET, update, SYNC.step2));
      expect(end, label).toEqual({ code: 1007, reason: expect.stringMatching(/^MESSAGE_MALFORMED: Update /) });
    }
  });

  it('[WS1] a zero-length frame closes with MESSAGE_MALFORMED', async () => {
    expect(await sendOn(await openRawSocket(relay.syncUrl), new Uint8Array(0))).toEqual({
      code: 1007,
      reason: 'MESSAGE_MALFORMED: Frame ended before its envelope did.',
    });
  });

  it(`[WS7, WS1, WS8] seeded fuzz (seed ${FUZZ_SEED}): ${FUZZ_FRAMES} random, truncated, bit-flipped and over-limit frames over fresh sockets leave the relay up and others within 2× baseline`, async () => {
    const random = seededRandom(FUZZ_SEED);
    const frames = Array.from({ length: FUZZ_FRAMES }, () => fuzzFrame(random));
    const plan = { url: relay.syncUrl, concurrency: 6, lingerMs: 100 };
    // Half the sockets authenticate first, so mutated updates also reach Yjs behind the edge.
    const attackers = await Promise.all([
      startAttackProcess({ ...plan, sockets: frames.filter((_, index) => index % 2 === 0).map((frame) => [frame]) }),
      startAttackProcess({
        ...plan,
        sockets: frames.filter((_, index) => index % 2 === 1).map((frame) => [frame]),
        authenticate: { documentName: TARGET, token: relay.token },
      }),
    ]);
    let ends: AttackEnd[] = [];
    const attack = async () => {
      ends = (await Promise.all(attackers.map((attacker) => attacker.run()))).flat();
    };
    expectOthersUnaffected('seeded fuzz', await measureDuringAttack(attack, probe));
    const tally = new Map<number | string, number>();
    for (const end of ends) {
      const key = typeof end === 'string' ? end : 'code' in end ? end.code : 'http';
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    console.info(`[attack] fuzz ends: ${JSON.stringify([...tally])}`);
    for (const key of tally.keys()) expect(EXPECTED_ENDS.has(key as number | 'open'), `end ${key}`).toBe(true);
    expect(ends).toHaveLength(FUZZ_FRAMES);
    expect((await authedFetch(relay, '/api/health')).status).toBe(200);
  });

  it('[WS5] after the attacks the target note still syncs between fresh peers', async () => {
    const alice = await connectPeer(relay, TARGET);
    const bob = await connectPeer(relay, TARGET);
    try {
      appendParagraph(alice.doc, 'after the storm');
      await eventually(
        () => bob.text().includes('after the storm'),
        () => `bob sees ${JSON.stringify(bob.text().slice(-80))}`,
      );
    } finally {
      alice.destroy();
      bob.destroy();
    }
  });
});
