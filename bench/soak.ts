// `npx tsx bench/soak.ts [--soak-minutes 10] [--heap-snapshots DIR] [--arena-max N]` (or `npm run bench --
// --soak`): the heap and RSS trends of the relay beside bare Hocuspocus's, side by side in one run; with
// --heap-snapshots, each server's heap at the first settled sample and at the last one; with --arena-max, one
// more server: the relay with glibc's MALLOC_ARENA_MAX=N; with --node-flags A,B, one more per flag: the relay
// run with that Node/V8 flag too; --without-bare leaves the baseline out.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flagValue, printRows } from './fanout';
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
const SETTLED_FROM_MINUTE = 2;

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

/**
 * Each relay's settled heap and RSS slopes less bare Hocuspocus's from the same run: the growth the relay adds
 * to what Hocuspocus and Yjs do under the same edits (their notes' tombstones grow both). None without bare.
 */
export function beyondBareRows(reports: readonly SoakReport[]): Array<[string, string]> {
  const bare = reports.find((report) => report.server.kind === 'bare');
  if (!bare) return [];
  const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;
  return reports
    .filter((report) => report !== bare)
    .map((report) => [
      `soak ${report.minutes} min, ${report.server.label}: heap / RSS slope from minute ${SETTLED_FROM_MINUTE} beyond bare Hocuspocus's`,
      `${signed(report.settledSlopeMiBPer10Minutes - bare.settledSlopeMiBPer10Minutes)} / ${signed(
        report.settledRssSlopeMiBPer10Minutes - bare.settledRssSlopeMiBPer10Minutes,
      )} MiB per 10 min`,
    ]);
}

/** The report as rows of the bench table. */
export function soakRows(report: SoakReport): Array<[string, string]> {
  const mib = (sample: HeapSample | undefined) =>
    `${((sample?.reading.heapUsed ?? Number.NaN) / 2 ** 20).toFixed(1)} MiB`;
  const slope = (value: number) => `${value.toFixed(2)} MiB per 10 min`;
  const name = `soak ${report.minutes} min, ${report.server.label} (${report.edits} edits, ${report.reconnects} reconnects)`;
  const settled = report.settledSlopeMiBPer10Minutes;
  const verdict = Math.abs(settled) < FLAT_MIB_PER_10_MINUTES ? 'flat' : 'NOT flat';
  const net = report.netOfTombstones;
  const netVerdict = Math.abs(net.slopeMiBPer10Minutes) < FLAT_MIB_PER_10_MINUTES ? 'flat' : 'NOT flat';
  const rss = (sample: HeapSample | undefined) => `${((sample?.reading.rss ?? Number.NaN) / 2 ** 20).toFixed(0)} MiB`;
  return [
    [`${name}: heap first / last sample`, `${mib(report.samples[0])} / ${mib(report.samples.at(-1))}`],
    [`${name}: heap slope, all ${report.samples.length} samples`, slope(report.slopeMiBPer10Minutes)],
    [
      `${name}: heap slope from minute ${SETTLED_FROM_MINUTE}`,
      `${slope(settled)} (${verdict}: bound ${FLAT_MIB_PER_10_MINUTES} MiB)`,
    ],
    [
      `${name}: heap slope from minute ${SETTLED_FROM_MINUTE} net of the loaded notes' Yjs tombstones`,
      `${slope(net.slopeMiBPer10Minutes)} (${netVerdict}; ${net.bytesPerDeletedStruct.toFixed(0)} B per deleted struct)`,
    ],
    [
      `${name}: RSS first / last sample, slope from minute ${SETTLED_FROM_MINUTE}`,
      `${rss(report.samples[0])} / ${rss(report.samples.at(-1))}, ${slope(report.settledRssSlopeMiBPer10Minutes)}`,
    ],
    [`${name}: fan-out p95`, `${report.fanoutP95.toFixed(1)} ms`],
    [`${name}: edits undelivered`, `${report.undelivered} of ${report.edits}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const snapshotDir = flagValue(args, '--heap-snapshots', '') || undefined;
  const servers = soakServersFrom(args);
  const reports = await measureSoaks(Number(flagValue(args, '--soak-minutes', '10')), servers, snapshotDir);
  for (const report of reports) printSamples(report);
  printRows([...reports.flatMap(soakRows), ...beyondBareRows(reports)]);
}

/** The servers the command line asks for: the relay and bare Hocuspocus, less or plus the variants named. */
export function soakServersFrom(args: readonly string[]): SoakServer[] {
  const servers = SOAK_SERVERS.filter((server) => server.kind !== 'bare' || !args.includes('--without-bare'));
  const arenaMax = flagValue(args, '--arena-max', '');
  if (arenaMax) servers.push(arenaLimitedRelay(Number(arenaMax)));
  const nodeFlags = flagValue(args, '--node-flags', '');
  if (nodeFlags) servers.push(...nodeFlags.split(',').map(relayWithFlag));
  return servers;
}

/** Every sample of one server's soak, with the RSS split into its parts (BEN8). */
function printSamples(report: SoakReport): void {
  console.log(`${report.server.label}:`);
  for (const sample of report.samples) {
    const {
      heapUsed,
      heapTotal,
      rss,
      rssAnon,
      rssFile,
      rssWasm,
      external,
      documents,
      stateBytes,
      structs,
      deletedStructs,
    } = sample.reading;
    const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    console.log(
      `  ${sample.minutes.toFixed(1)} min: heap ${mib(heapUsed)} MiB (pages ${mib(heapTotal)}), external ${mib(external)} MiB, rss ${mib(rss)} MiB (anonymous ${mib(rssAnon)} of which WebAssembly ${mib(rssWasm)}, files ${mib(rssFile)}), ${documents} documents, ${stateBytes} state bytes, ${structs} Yjs structs (${deletedStructs} deleted)`,
    );
  }
}
