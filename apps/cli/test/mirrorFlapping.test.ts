import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import {
  appendParagraph,
  connectPeer,
  eventually,
  type Peer,
  seededRandom,
  type TestRelay,
} from 'baalda-relay/testing';
import { describe, expect } from 'vitest';
import type { Mirror } from '../src/mirror/startMirror';
import { startCpuLoad } from './cpuLoad';
import {
  type CuttableLink,
  docIdAt,
  livePaths,
  readText,
  startCuttableLink,
  type TestVault,
  untilAcknowledged,
} from './mirrorFixtures';
import { foreignLines, type InProcessMirrors, mirrorTest, type RelayRecord } from './mirrorHarness';
import { idleBreaches } from './mirrorIdle';
import { DiskWorkload, untilVaultHolds, vaultProblems } from './mirrorWorkload';

// The same seed replays the same changes, not the same interleaving with the cuts and the mirror's passes.
// BAALDA_MIRROR_SEED=N runs another.
const SEED = Number(process.env.BAALDA_MIRROR_SEED ?? 1);
// More notes than one socket may have pending (WS9: 50 before its first authentication; Hocuspocus: 100),
// so the mirror's socket stays inside the limits only through its window (SW1), after every reconnect.
const NOTES = 120;

// How long a wait may take before the test gives up with what it saw: a guard against a hang, never a
// measure of speed (the first pass takes over a minute under load).
const HANG_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Cuts the link every 0.6–1.8 s and keeps it cut 0.1–0.9 s until stopped; then it stays up. */
function startFlapping(link: CuttableLink, random: () => number): { stop(): Promise<number> } {
  let cuts = 0;
  let flapping = true;
  const loop = (async () => {
    while (flapping) {
      await sleep(600 + random() * 1200);
      if (!flapping) break;
      link.cut();
      cuts += 1;
      await sleep(100 + random() * 800);
      link.restore();
    }
  })();
  return {
    async stop() {
      flapping = false;
      await loop;
      link.restore();
      return cuts;
    },
  };
}

/** alice, on another device, appending paragraphs to the shared notes straight on the relay. */
async function openAlice(relay: TestRelay, vault: TestVault, docIds: ReadonlyMap<string, string>) {
  const peers = new Map<string, Peer>();
  for (const [path, docId] of docIds) {
    peers.set(path, await connectPeer({ syncUrl: relay.syncUrl, token: vault.token }, formatNoteDocumentName(docId)));
  }
  const written = new Map<string, string[]>();
  return {
    written,
    edit(random: () => number): void {
      const paths = [...peers.keys()];
      const path = paths[Math.floor(random() * paths.length)] as string;
      const paragraph = `Alice ${[...written.values()].flat().length + 1} on ${path}`;
      appendParagraph((peers.get(path) as Peer).doc, paragraph);
      written.set(path, [...(written.get(path) ?? []), paragraph]);
    },
    async close(): Promise<void> {
      for (const peer of peers.values()) await untilAcknowledged(peer);
      for (const peer of peers.values()) peer.destroy();
    },
  };
}

/** Where the relay's and Hocuspocus's records stand now, so a test looks only at what came after. */
function marksOf(record: RelayRecord) {
  return { relay: record.relayLines.length, hocuspocus: record.hocuspocusWarnings.length };
}

/** The relay refused no socket (WS9, WS10) and Hocuspocus reset no connection for its pending documents. */
function expectNoRefusals(record: RelayRecord, since: ReturnType<typeof marksOf>): void {
  // The lines themselves in the message: a bare array diff showed only `[ …(2) ]` when this failed once.
  const refused = record.relayLines.slice(since.relay).filter((line) => line.startsWith('websocket refused'));
  expect(refused, `the relay refused sockets:\n${refused.join('\n')}`).toEqual([]);
  const reset = record.hocuspocusWarnings.slice(since.hocuspocus).filter((line) => /too many pending/.test(line));
  expect(reset, `Hocuspocus reset connections:\n${reset.join('\n')}`).toEqual([]);
}

/** One more change on disk; one that finds its file gone means the mirror moved or removed it. */
function stepAndRecord(workload: DiskWorkload, steps: string[], seed: number): void {
  try {
    steps.push(workload.step());
  } catch (error) {
    const message = `seed ${seed}: a file went away from under the person (the mirror moved or removed it)`;
    throw new Error(`${message}; the disk did: ${steps.join('; ')}`, { cause: error });
  }
}

/** Awaits `work`, failing with `what()` if it takes longer than `ms`: a guard against a hang, never a speed check. */
async function withinMs<T>(work: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what()}`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** MIR14: waits for the mirror's next idle and checks, that very moment, that it kept its promise. */
async function idleKeepingItsWord(mirror: Mirror, folder: string, context: () => string): Promise<void> {
  await withinMs(mirror.idle(), HANG_MS, context);
  const breaches = idleBreaches(folder);
  if (breaches.length > 0) throw new Error(`${breaches.join('\n')}\n${context()}`);
}

interface FlappingRun {
  readonly seed: number;
  readonly fixtures: {
    relay: TestRelay;
    relayRecord: RelayRecord;
    vault: TestVault;
    folder: string;
    inProcess: InProcessMirrors;
    closeAfter: (server: Pick<CuttableLink, 'close'>) => void;
  };
}

/**
 * The mirror through a link cut every second or so while a person works in the folder and alice edits the
 * shared notes on the relay; then the link stays up. Each idle must keep its promise (MIR14) the moment it
 * is reached, and idles follow until the vault, the folder and alice's paragraphs agree.
 */
async function runFlapping({ seed, fixtures }: FlappingRun): Promise<void> {
  const { relay, relayRecord, vault, folder, inProcess, closeAfter } = fixtures;
  const random = seededRandom(seed);
  const link = await startCuttableLink(relay.port);
  closeAfter(link);
  const workload = new DiskWorkload(folder, random);
  workload.seed(NOTES, 6, 8);
  const since = marksOf(relayRecord);
  const { mirror, lines } = await inProcess.start(folder, link.url);
  const steps: string[] = [];
  const said = () =>
    `seed ${seed}; the disk did: ${steps.join('; ')}\nthe mirror said:\n${lines.slice(-20).join('\n')}`;
  await idleKeepingItsWord(mirror, folder, () => `the first pass; ${said()}`);
  expect(await livePaths(vault)).toEqual(workload.paths());
  expectNoRefusals(relayRecord, since);

  const shared = new Map<string, string>();
  for (const path of workload.shared) shared.set(path, (await docIdAt(vault, path)) as string);
  const alice = await openAlice(relay, vault, shared);
  const flapping = startFlapping(link, seededRandom(seed + 1));
  for (let step = 0; step < 100; step += 1) {
    stepAndRecord(workload, steps, seed);
    if (random() < 0.15) alice.edit(random);
    await sleep(10 + random() * 110);
  }
  const cuts = await flapping.stop();
  await alice.close();
  expect(cuts, `seed ${seed}: the connection was cut`).toBeGreaterThanOrEqual(3);
  await untilCaughtUp(mirror, { workload, relay, vault, folder, elsewhere: alice.written, said });
  expectNoRefusals(relayRecord, since);
}

/** Idles, each checked (MIR14), until the vault and the folder hold what the person and alice did. */
async function untilCaughtUp(
  mirror: Mirror,
  run: {
    workload: DiskWorkload;
    relay: TestRelay;
    vault: TestVault;
    folder: string;
    elsewhere: ReadonlyMap<string, readonly string[]>;
    said: () => string;
  },
): Promise<void> {
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    await idleKeepingItsWord(mirror, run.folder, () => `the mirror to catch up after the cuts; ${run.said()}`);
    const problems = await vaultProblems(run.workload, run.relay, run.vault, run.elsewhere);
    if (problems.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${problems.join('\n')}\n${run.said()}`);
  }
}

// Seeds the flapping connection once lost data with, each a test of its own:
// 1, under load in CI: a file lacked two paragraphs of alice's 20 s after the mirror said it was idle (a
// relay edit heard while a pass agreed with the file was cleared with that pass's mark, MIR14).
const PINNED_SEEDS = [1];
const SEEDS = [...new Set([...PINNED_SEEDS, SEED])];

describe('mirror: a flapping connection, and kills mid-pass', { timeout: 240_000 }, () => {
  for (const seed of SEEDS) {
    mirrorTest(
      `[MIR8][SW1][MIR14] flapping connection (seed ${seed}): ${NOTES} notes, 100 disk changes and a peer's edits of the same notes all reach the vault; every idle finds every file holding its note`,
      async ({ relay, relayRecord, vault, folder, inProcess, closeAfter }) =>
        runFlapping({ seed, fixtures: { relay, relayRecord, vault, folder, inProcess, closeAfter } }),
    );
  }

  mirrorTest(
    `[MIR14] the flapping connection under load (seed ${PINNED_SEEDS[0]}): with two CPU-bound processes beside it, every idle still finds every file holding its note`,
    { timeout: 480_000 },
    async ({ relay, relayRecord, vault, folder, inProcess, closeAfter }) => {
      closeAfter(startCpuLoad(2));
      const fixtures = { relay, relayRecord, vault, folder, inProcess, closeAfter };
      await runFlapping({ seed: PINNED_SEEDS[0] as number, fixtures });
    },
  );

  mirrorTest(
    '[MIR8][MIR9] SIGKILLed mid-pass while files are edited, twice, and restarted on the same folder: no edit is lost',
    { timeout: 300_000 },
    async ({ relay, relayRecord, vault, folder, processes }) => {
      const seed = SEED + 2;
      const random = seededRandom(seed);
      const workload = new DiskWorkload(folder, random);
      workload.seed(60, 4);
      const since = marksOf(relayRecord);
      let mirror = await processes.mirror(folder, { intervalMs: 50 });
      await eventually(
        async () => (await livePaths(vault)).length === 60,
        () => `the first mirror to create the notes; it said:\n${mirror.lines.join('\n')}`,
        30_000,
      );
      const steps: string[] = [];
      for (let kill = 0; kill < 2; kill += 1) {
        // Changes stream in; the kill comes once the mirror said it took some of them in: it is mid-pass.
        const before = mirror.lines.length;
        const tookSomeIn = () => mirror.lines.slice(before).some((line) => line.includes(' → relay ('));
        for (let step = 0; (step < 12 || !tookSomeIn()) && step < 200; step += 1) {
          stepAndRecord(workload, steps, seed);
          await sleep(10 + random() * 50);
        }
        mirror.child.kill('SIGKILL');
        await mirror.exited;
        expect(foreignLines(mirror.lines)).toEqual([]);
        // The person goes on while no mirror runs.
        for (let step = 0; step < 4; step += 1) stepAndRecord(workload, steps, seed);
        mirror = await processes.mirror(folder, { intervalMs: 50 });
      }
      const said = () => `the last mirror said:\n${mirror.lines.slice(-20).join('\n')}`;
      await untilVaultHolds(
        workload,
        { relay, vault },
        // A bound only to report a stuck run: a third mirror catching up on a few hundred changes beside a full CI
        // suite and a CPU hog was still uploading at 30 s.
        { timeoutMs: 120_000, context: () => `seed ${seed}; the disk did: ${steps.join('; ')}\n${said()}` },
      );
      mirror.child.kill('SIGTERM');
      expect(await mirror.exited).toBe(0);
      expect(foreignLines(mirror.lines)).toEqual([]);
      expectNoRefusals(relayRecord, since);
    },
  );

  // Found by the flapping connection (seed 1): a note renamed twice, the first move's answer lost to a cut,
  // went back to its first new name, on disk too. The resend reused the op id of the first move (or
  // create, or upload) with the new path, and the relay answered with the first outcome (OP3, ATT2).
  const LOST_ANSWERS = [
    { what: 'a move', request: /"kind":"moveNote"/, before: 'A.md', ext: 'md' },
    { what: 'a create', request: /"kind":"createNote"/, before: null, ext: 'md' },
    { what: 'an upload', request: /^PUT \S+\/attachments\//m, before: null, ext: 'bin' },
  ];
  for (const { what, request, before, ext } of LOST_ANSWERS) {
    mirrorTest(
      `[MIR8][OP3] ${what} whose answer was lost, then the file renamed again before the resend: the second name holds`,
      async ({ relay, vault, folder, inProcess, closeAfter }) => {
        const link = await startCuttableLink(relay.port);
        closeAfter(link);
        const file = (name: string) => join(folder, `${name}.${ext}`);
        if (before) writeFileSync(join(folder, before), 'Alpha\n');
        const { mirror, lines } = await inProcess.start(folder, link.url);
        await mirror.idle();
        const lost = link.loseAnswerTo(request);
        if (before) renameSync(join(folder, before), file('B'));
        else writeFileSync(file('B'), 'Alpha\n');
        await lost;
        renameSync(file('B'), file('C'));
        await mirror.idle();
        expect(await livePaths(vault), lines.join('\n')).toEqual([`C.${ext}`]);
        expect(await readText(folder, `C.${ext}`)).toBe('Alpha\n');
        expect(await readText(folder, `B.${ext}`)).toBeNull();
      },
    );
  }
});
