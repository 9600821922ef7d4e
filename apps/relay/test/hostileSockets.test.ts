import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName, LIMITS } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as Y from 'yjs';
import {
  expectOthersUnaffected,
  type LatencyProbe,
  logMeasurement,
  measureDuringAttack,
  openLatencyProbe,
  residentBytes,
  watchResidentPeak,
} from './attackHarness';
import { startAttackProcess } from './attackProcess';
import type { AttackEnd } from './attackWorker';
import { authFrame, openAuthenticatedSocket, openRawSocket, type RawSocket, SYNC, syncFrame } from './rawSockets';
import {
  assertRelayUp,
  findFreePort,
  mintOwnerToken,
  pidOf,
  type RelayProcess,
  spawnRelay,
  stopRelay,
  waitForHealth,
} from './relayProcess';

/** LIM16/LIM17 attacks may grow the relay's resident memory by at most this much. */
const RSS_GROWTH_BOUND = 200 * 1024 * 1024;

/** A valid note name that no one has opened: the `index`th of an attacker's fan-out. */
function noteName(index: number): string {
  return formatNoteDocumentName(`preAuthNote${String(index).padStart(9, '0')}`);
}

/** A state-vector frame (what a provider sends first) for `documentName`. */
function stepOneFrame(documentName: string): Uint8Array {
  return syncFrame(documentName, Y.encodeStateVector(new Y.Doc()), SYNC.step1);
}

/** An update frame carrying `bytes` bytes of text (under LIM1), valid all the way down. */
function bigUpdateFrame(documentName: string, bytes: number): Uint8Array {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, 'x'.repeat(bytes));
  return syncFrame(documentName, Y.encodeStateAsUpdate(doc), SYNC.update);
}

describe('hostile sockets before authentication (WS7, WS9, WS10)', { timeout: 90_000 }, () => {
  let relay: RelayProcess;
  let probe: LatencyProbe;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'baalda-hostile-sockets-'));
    relay = spawnRelay(await findFreePort(), dataDir);
    await waitForHealth(relay);
    probe = await openLatencyProbe({ syncUrl: relay.syncUrl, token: await mintOwnerToken(relay.httpUrl) });
  });

  afterAll(async () => {
    probe?.close();
    if (relay) await stopRelay(relay, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Sends `frames` on a fresh socket as fast as it takes them, and resolves with how the relay closed it.
   * The attacker shares this process's event loop with the probe, so it yields now and then: the probe
   * must measure the relay, not the attacker's own loop.
   */
  async function floodOne(frames: Uint8Array[]): Promise<{ code: number; reason: string }> {
    const socket = await openRawSocket(relay.syncUrl);
    for (const [index, frame] of frames.entries()) {
      if (socket.ws.readyState !== socket.ws.OPEN) break;
      socket.ws.send(frame);
      if (index % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    return socket.closed;
  }

  it(`[WS9, LIM16] a socket addressing more than 100 documents before authenticating is closed after ${LIMITS.maxPreAuthDocuments}, naming the rule`, async () => {
    const frames = Array.from({ length: 150 }, (_, index) => stepOneFrame(noteName(index)));
    expect(await floodOne(frames)).toEqual({
      code: 4429,
      reason: `PRE_AUTH_LIMIT: More than ${LIMITS.maxPreAuthDocuments} documents before authentication.`,
    });
  });

  it('[WS9, LIM16] a socket sending more than the pre-auth bytes or frames is closed, naming the rule', async () => {
    const big = bigUpdateFrame(noteName(0), 400 * 1024);
    expect(await floodOne([big, big, big])).toEqual({
      code: 4429,
      reason: `PRE_AUTH_LIMIT: More than ${LIMITS.maxPreAuthBytes} bytes before authentication.`,
    });
    const small = stepOneFrame(noteName(1));
    expect(await floodOne(Array.from({ length: LIMITS.maxPreAuthFrames + 10 }, () => small))).toEqual({
      code: 4429,
      reason: `PRE_AUTH_LIMIT: More than ${LIMITS.maxPreAuthFrames} frames before authentication.`,
    });
  });

  it('[WS7, WS9] 20 sockets fanning out over documents and flooding bytes before authentication leave others within 2× baseline and memory bounded', async () => {
    const rssAtStart = await residentBytes(pidOf(relay));
    const peak = watchResidentPeak(pidOf(relay));
    const fanOut = Array.from({ length: 150 }, (_, index) => stepOneFrame(noteName(index)));
    const big = bigUpdateFrame(noteName(0), 300 * 1024);
    const sockets = Array.from({ length: 20 }, (_, index) => (index % 2 ? fanOut : [big, big, big, big]));
    let ends: AttackEnd[] = [];
    // Every socket is to be closed (4429): each waits for its close, 30 s at most, not the default 2 s, which a
    // relay slowed by other load can take to get through ten 1.2 MB floods and ten fan-outs.
    const attacker = await startAttackProcess({ url: relay.syncUrl, sockets, lingerMs: 30_000 });
    const attack = async () => {
      ends = await attacker.run();
    };
    expectOthersUnaffected('pre-auth fan-out and floods', await measureDuringAttack(attack, probe));
    peak.stop();
    logMeasurement('pre-auth fan-out memory', { rssStartMiB: mib(rssAtStart), rssPeakMiB: mib(peak.peak()) });
    for (const end of ends) expect(end).toMatchObject({ code: 4429 });
    expect(peak.peak() - rssAtStart).toBeLessThan(RSS_GROWTH_BOUND);
    await assertRelayUp(relay);
  });

  it(`[WS7, WS10, WS9, LIM17] 200 silent sockets from one address: ${LIMITS.maxPendingSocketsPerAddress} wait, the rest are closed with 1013; the waiting ones are closed after ${LIMITS.authDeadlineMs} ms`, async () => {
    const rssAtStart = await residentBytes(pidOf(relay));
    const peak = watchResidentPeak(pidOf(relay));
    const sockets: RawSocket[] = [];
    const opened = performance.now();
    const attack = async () => {
      for (let batch = 0; batch < 200; batch += 20) {
        sockets.push(...(await Promise.all(Array.from({ length: 20 }, () => openRawSocket(relay.syncUrl)))));
      }
      // Give the refusals time to arrive; the probe keeps timing edits meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 500));
    };
    // However this test ends, its sockets must not hold the pending count for the tests after it.
    onTestFinished(() => {
      for (const socket of sockets) socket.ws.terminate();
    });
    expectOthersUnaffected('200 silent sockets', await measureDuringAttack(attack, probe));
    const early = await Promise.all(sockets.map((socket) => socket.endWithin(0)));
    const refused = early.filter((end) => end !== 'open');
    expect(refused).toHaveLength(200 - LIMITS.maxPendingSocketsPerAddress);
    for (const end of refused) expect(end).toMatchObject({ code: 1013, reason: /^TOO_MANY_PENDING_SOCKETS: / });

    const late = await Promise.all(sockets.map((socket) => socket.closed));
    const waited = performance.now() - opened;
    expect(late.filter((end) => end.code === 4408)).toHaveLength(LIMITS.maxPendingSocketsPerAddress);
    expect(late.find((end) => end.code === 4408)?.reason).toBe(
      `AUTH_TIMEOUT: No document authenticated within ${LIMITS.authDeadlineMs} ms.`,
    );
    expect(waited).toBeGreaterThanOrEqual(LIMITS.authDeadlineMs);
    peak.stop();
    logMeasurement('silent sockets memory', { rssStartMiB: mib(rssAtStart), rssPeakMiB: mib(peak.peak()) });
    expect(peak.peak() - rssAtStart).toBeLessThan(RSS_GROWTH_BOUND);

    // The timed-out sockets left the pending count: a new silent socket is let in again.
    const again = await openRawSocket(relay.syncUrl);
    expect(await again.endWithin(300)).toBe('open');
    again.ws.terminate();
    await assertRelayUp(relay);
  });

  it('[WS9] an authenticated socket is past its pre-auth limits: it may open many documents', async () => {
    const token = await mintOwnerToken(relay.httpUrl);
    const socket = await openAuthenticatedSocket(relay.syncUrl, noteName(0), token);
    for (let index = 1; index <= LIMITS.maxPreAuthDocuments + 10; index += 1) {
      socket.ws.send(authFrame(noteName(index), token));
      socket.ws.send(stepOneFrame(noteName(index)));
    }
    expect(await socket.endWithin(1_000)).toBe('open');
    socket.ws.terminate();
  });
});

function mib(bytes: number): number {
  return bytes / 1024 / 1024;
}
