// What the `soak` bench measures (soakBench.ts): the heap and RSS trends of the relay beside bare Hocuspocus's,
// side by side in one run, and of the variants asked for (an arena limit, Node flags); with a snapshot folder,
// each server's heap at the first settled sample and at the last one.
import { join } from 'node:path';
import { arenaLimitEnv } from './load/arenaLimit';
import { benchDocumentName, createBenchNotes } from './load/benchNotes';
import { ClientFleet } from './load/clientFleet';
import type { EditTimes } from './load/clientProtocol';
import { driveEdits, sleep, summarizeFanout } from './load/editLoad';
import { type ServerKind, startMeasuredRelay } from './load/relayProcess';
import type { MemoryReading } from './load/relayProtocol';
import { percentile } from './stats';

const NOTES = 10;
const EDITS_PER_SECOND = 20;
/**
 * Each note keeps its newest 30 paragraphs, so its text stays bounded; its Yjs history does not: every
 * deleted paragraph stays in the document as a tombstone (about 330 bytes of heap each, measured from heap
 * snapshots), in the stored state too, so it comes back whenever the note is loaded. The structs column of
 * the samples shows that part, apart from the relay's own.
 */
const KEEP_PARAGRAPHS = 30;
const SAMPLE_EVERY_MS = 30_000;
const CHURN_EVERY_MS = 10_000;
/** A heap whose least-squares growth stays under this many MiB per 10 minutes is called flat. */
export const FLAT_MIB_PER_10_MINUTES = 1;
/**
 * The trend is fitted from this minute on: the first minutes fill what a relay fills once (compiled code,
 * Prisma's and PGlite's caches, the search index's structures), which is growth, but not a trend.
 */
export const SETTLED_FROM_MINUTE = 2;

/** The relay's heap after forced GC, `minutes` into the soak. */
export interface HeapSample {
  readonly minutes: number;
  readonly reading: MemoryReading;
}

/** One server a soak measures: its name in the rows, Baalda's relay or bare Hocuspocus, and its environment. */
export interface SoakServer {
  readonly label: string;
  readonly kind: ServerKind;
  readonly env?: Readonly<Record<string, string>>;
  /** Node or V8 flags for this server beyond those `npm start` passes. */
  readonly nodeFlags?: readonly string[];
}

/** The relay beside the baseline the load benches use, so a trend of Hocuspocus's own is told from ours. */
export const SOAK_SERVERS: readonly SoakServer[] = [
  { label: 'relay', kind: 'baalda' },
  { label: 'bare Hocuspocus', kind: 'bare' },
];

/** The relay with glibc's malloc limited to `arenas` arenas (MALLOC_ARENA_MAX), to compare with the default. */
export function arenaLimitedRelay(arenas: number): SoakServer {
  return { label: `relay, MALLOC_ARENA_MAX=${arenas}`, kind: 'baalda', env: arenaLimitEnv(arenas) };
}

/** The relay run with one more Node or V8 flag (e.g. `--single-threaded-gc`), to compare with the default. */
export function relayWithFlag(flag: string): SoakServer {
  if (!/^--[a-z][a-z0-9-]*(=[\w.-]+)?$/.test(flag))
    throw new Error(`--node-flags wants flags such as --x-y=1, not ${flag}`);
  return { label: `relay, ${flag}`, kind: 'baalda', nodeFlags: [flag] };
}

/** What the soak measured. */
export interface SoakReport {
  readonly server: SoakServer;
  readonly minutes: number;
  readonly samples: HeapSample[];
  readonly edits: number;
  readonly reconnects: number;
  readonly fanoutP95: number;
  /** Least-squares slope of the heap over every sample, in MiB per 10 minutes. */
  readonly slopeMiBPer10Minutes: number;
  /** The same from SETTLED_FROM_MINUTE on (over every sample when the soak is too short for that). */
  readonly settledSlopeMiBPer10Minutes: number;
  /**
   * The settled heap's growth with time once the loaded notes' tombstones are accounted for: the heap fitted
   * on both time and deleted Yjs structs (least squares), MiB per 10 minutes, and bytes per deleted struct.
   */
  readonly netOfTombstones: { readonly slopeMiBPer10Minutes: number; readonly bytesPerDeletedStruct: number };
  /** The RSS's least-squares slope from SETTLED_FROM_MINUTE on, MiB per 10 minutes. */
  readonly settledRssSlopeMiBPer10Minutes: number;
  /** Edits no other client applied by the end (a few seconds after the last one). */
  readonly undelivered: number;
}

/**
 * The soak of every server at once, each with a fleet of its own: a slow drift shared by all (the machine,
 * Node) shows in each, and what only the relay adds shows beside the baseline.
 */
export async function measureSoaks(
  minutes = 10,
  servers: readonly SoakServer[] = SOAK_SERVERS,
  snapshotDir?: string,
): Promise<SoakReport[]> {
  return Promise.all(servers.map((server) => measureSoak(minutes, server, snapshotDir)));
}

/**
 * 20 clients on 10 notes (two each, in two worker processes) make 20 edits a second for
 * `minutes`; every 10 s both clients of one note leave, so the server stores and unloads it, and come back
 * 3 s later, so it loads it again. Every 30 s the server's heap is read after forced GC. Server in its own process.
 */
export async function measureSoak(minutes: number, server: SoakServer, snapshotDir?: string): Promise<SoakReport> {
  const relay = await startMeasuredRelay({ kind: server.kind, env: server.env, nodeFlags: server.nodeFlags });
  const fleet = ClientFleet.start(2);
  try {
    await createBenchNotes(relay, 'soak', NOTES);
    const specOf = (id: number) => ({ id, documentName: benchDocumentName('soak', Math.floor(id / 2)) });
    const connected = new Set(Array.from({ length: NOTES * 2 }, (_, id) => id));
    await fleet.connect(relay, [...connected].map(specOf));
    const deadline = Date.now() + minutes * 60_000;
    const pickClient = () => [...connected][Math.floor(Math.random() * connected.size)] ?? 0;
    const driving = driveEdits(fleet, {
      editsPerSecond: EDITS_PER_SECOND,
      seconds: minutes * 60,
      firstEditId: 0,
      pickClient,
      keepParagraphs: KEEP_PARAGRAPHS,
    });
    const churning = churnNotes(fleet, relay, connected, specOf, deadline);
    const snapshotPrefix = snapshotDir && join(snapshotDir, `soak-${server.label.replace(/[^a-zA-Z0-9]+/g, '-')}`);
    const sampling = sampleHeap(fleet, relay, deadline, snapshotPrefix);
    const [edits, reconnects, sampled] = await Promise.all([driving, churning, sampling]);
    const { samples, latencies, times } = sampled;
    await sleep(DELIVERY_GRACE_MS);
    addTimes(times, await fleet.collect());
    const settledOrAll = samples.filter((sample) => sample.minutes >= SETTLED_FROM_MINUTE);
    const settled = settledOrAll.length >= 3 ? settledOrAll : samples;
    latencies.sort((a, b) => a - b);
    return {
      server,
      minutes,
      samples,
      edits: edits.length,
      reconnects,
      fanoutP95: percentile(latencies, 95),
      slopeMiBPer10Minutes: heapSlope(samples),
      settledSlopeMiBPer10Minutes: heapSlope(settled),
      netOfTombstones: heapSlopeNetOfTombstones(settled),
      settledRssSlopeMiBPer10Minutes:
        10 * leastSquaresSlope(settled.map((sample) => [sample.minutes, sample.reading.rss / 2 ** 20])),
      // Each edit is for the note's other client (a reconnected one gets it in its first sync).
      undelivered: summarizeFanout(edits, times, () => 1).lost,
    };
  } finally {
    await fleet.stop();
    await relay.stop();
  }
}

// After the last edit, how long its receivers get before an edit not yet applied counts as undelivered.
const DELIVERY_GRACE_MS = 5000;

/** Adds one collect's sends and receipts to those of the whole soak. */
function addTimes(all: EditTimes, more: EditTimes): void {
  all.sent.push(...more.sent);
  all.received.push(...more.received);
}

// Every 10 s, the next note's two clients leave and come back 3 s later (new docs, as a reopened tab).
async function churnNotes(
  fleet: ClientFleet,
  relay: Parameters<ClientFleet['connect']>[0],
  connected: Set<number>,
  specOf: (id: number) => { id: number; documentName: string },
  deadline: number,
): Promise<number> {
  let reconnects = 0;
  for (let note = 0; Date.now() + CHURN_EVERY_MS < deadline; note = (note + 1) % NOTES) {
    await sleep(CHURN_EVERY_MS - 3000);
    const pair = [2 * note, 2 * note + 1];
    for (const id of pair) connected.delete(id);
    // Edits already asked of these clients must reach their worker before the clients go.
    await sleep(100);
    await fleet.disconnect(pair);
    await sleep(3000);
    await fleet.connect(relay, pair.map(specOf));
    for (const id of pair) connected.add(id);
    reconnects += pair.length;
  }
  return reconnects;
}

// Heap every 30 s, and the fan-out latencies of the edits seen since the last sample.
async function sampleHeap(
  fleet: ClientFleet,
  relay: Awaited<ReturnType<typeof startMeasuredRelay>>,
  deadline: number,
  snapshotPrefix: string | undefined,
) {
  const started = Date.now();
  const samples: HeapSample[] = [];
  const latencies: number[] = [];
  const sentAt = new Map<number, number>();
  const times: EditTimes = { sent: [], received: [], workersBusy: [], drops: 0 };
  for (;;) {
    const collected = await fleet.collect();
    addTimes(times, collected);
    for (const [editId, at] of collected.sent) sentAt.set(editId, at);
    for (const [editId, at] of collected.received) latencies.push(at - (sentAt.get(editId) ?? at));
    samples.push({ minutes: (Date.now() - started) / 60_000, reading: await relay.readMemory(true) });
    const isLast = Date.now() + SAMPLE_EVERY_MS > deadline + 1000;
    // The first settled sample and the last one: their difference is what the soak's trend is made of.
    const isFirstSettled = samples.length === SETTLED_FROM_MINUTE * 2 + 1;
    if (snapshotPrefix && (isLast || isFirstSettled)) {
      await relay.writeHeapSnapshot(`${snapshotPrefix}-${samples.length}.heapsnapshot`);
    }
    if (isLast) return { samples, latencies, times };
    await sleep(SAMPLE_EVERY_MS);
  }
}

function heapSlope(samples: readonly HeapSample[]): number {
  return 10 * leastSquaresSlope(samples.map((sample) => [sample.minutes, sample.reading.heapUsed / 2 ** 20]));
}

/**
 * The heap's slope with time when fitted on time and on the loaded notes' deleted structs together (least
 * squares with two predictors): what grows apart from the documents' own history.
 */
function heapSlopeNetOfTombstones(samples: readonly HeapSample[]) {
  const points = samples.map(
    (sample) => [sample.minutes, sample.reading.deletedStructs, sample.reading.heapUsed / 2 ** 20] as const,
  );
  const mean = (pick: (point: (typeof points)[number]) => number) =>
    points.reduce((sum, point) => sum + pick(point), 0) / points.length;
  const [mt, md, my] = [mean((p) => p[0]), mean((p) => p[1]), mean((p) => p[2])];
  const sum = (f: (t: number, d: number, y: number) => number) =>
    points.reduce((total, [t, d, y]) => total + f(t - mt, d - md, y - my), 0);
  const [stt, sdd, std] = [sum((t) => t * t), sum((_, d) => d * d), sum((t, d) => t * d)];
  const [sty, sdy] = [sum((t, _, y) => t * y), sum((_, d, y) => d * y)];
  const determinant = stt * sdd - std * std;
  if (determinant === 0) return { slopeMiBPer10Minutes: heapSlope(samples), bytesPerDeletedStruct: 0 };
  return {
    slopeMiBPer10Minutes: (10 * (sdd * sty - std * sdy)) / determinant,
    bytesPerDeletedStruct: (2 ** 20 * (stt * sdy - std * sty)) / determinant,
  };
}

/** The slope of the least-squares line through points [x, y]. */
export function leastSquaresSlope(points: ReadonlyArray<[number, number]>): number {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}
