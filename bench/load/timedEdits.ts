import { loadavg } from 'node:os';
import type { Measurement } from '../harness/measurement';
import type { ClientFleet } from './clientFleet';
import type { EditTimes } from './clientProtocol';
import { driveEdits, type FanoutStats, type SentEdit, sleep, summarizeFanout } from './editLoad';
import type { MeasuredRelay } from './relayProcess';

/** A timed phase of edits: its fan-out latency, and how busy the relay and the clients were meanwhile. */
export interface TimedEdits {
  readonly editsPerSecond: number;
  readonly stats: FanoutStats;
  /** Share of the measured edits' time the relay's event loop was busy (0–1). */
  readonly relayBusy: number;
  /** How late the relay's event loop ran meanwhile (its own share of the latency), ms. */
  readonly relayLoopDelayMs: { readonly p50: number; readonly p99: number };
  /** The same for the busier client worker. */
  readonly workersBusy: number;
  /** Client sockets that closed during the timed edits (their edits wait for the reconnect). */
  readonly drops: number;
  /** The machine's 1-minute load average at the end: other programs share its two CPUs. */
  readonly loadAverage: number;
}

const WARMUP_SECONDS = 3;
const MEASURED_FIRST_EDIT = 1_000_000;

/**
 * 3 s of warm-up edits (not counted), then `seconds` of timed ones at `editsPerSecond`; `receiversOf(edit)`
 * says how many clients should see each edit.
 */
export async function timeEdits(
  relay: MeasuredRelay,
  fleet: ClientFleet,
  load: { editsPerSecond: number; seconds: number; pickClient(): number; receiversOf(edit: SentEdit): number },
): Promise<TimedEdits> {
  const { editsPerSecond, pickClient } = load;
  await driveEdits(fleet, { editsPerSecond, pickClient, seconds: WARMUP_SECONDS, firstEditId: 0 });
  await sleep(1000);
  // Both readings restart the busy shares, so the next ones cover the timed edits.
  await fleet.collect();
  await relay.readMemory();
  const edits = await driveEdits(fleet, {
    editsPerSecond,
    pickClient,
    seconds: load.seconds,
    firstEditId: MEASURED_FIRST_EDIT,
  });
  const { stats, workersBusy, drops } = await collectUntilDelivered(fleet, edits, load.receiversOf);
  const reading = await relay.readMemory();
  return {
    editsPerSecond,
    stats,
    relayBusy: reading.busySinceLast,
    relayLoopDelayMs: reading.loopDelayMs,
    workersBusy,
    drops,
    loadAverage: loadavg()[0] ?? 0,
  };
}

/**
 * Collects receipts until every receiver saw every edit, or 10 s passed; what is still missing then counts
 * as lost.
 */
async function collectUntilDelivered(
  fleet: ClientFleet,
  edits: readonly SentEdit[],
  receiversOf: (edit: SentEdit) => number,
): Promise<{ stats: FanoutStats; workersBusy: number; drops: number }> {
  const times: EditTimes = { sent: [], received: [], workersBusy: [], drops: 0 };
  const deadline = Date.now() + 10_000;
  // The first collect after the edits covers them (and half a second): the workers' busy share is its.
  let workersBusy: number[] | undefined;
  let drops = 0;
  for (;;) {
    await sleep(500);
    const more = await fleet.collect();
    workersBusy ??= more.workersBusy;
    drops += more.drops;
    times.sent.push(...more.sent);
    times.received.push(...more.received);
    const stats = summarizeFanout(edits, times, receiversOf);
    if (stats.lost === 0 || Date.now() > deadline) return { stats, workersBusy: Math.max(...workersBusy), drops };
  }
}

/** The measurements of a timed phase, each named `name` and what it shows. */
export function timedEditMeasurements(name: string, timed: TimedEdits): Measurement[] {
  const { stats } = timed;
  return [
    { name: `${name} p50`, unit: 'ms', value: stats.p50 },
    { name: `${name} p95`, unit: 'ms', value: stats.p95 },
    { name: `${name} p99`, unit: 'ms', value: stats.p99 },
    {
      name: `${name}, receipts undelivered`,
      unit: 'count',
      value: stats.lost,
      note: `of ${stats.samples + stats.lost}`,
    },
    { name: `${name}, client sockets dropped meanwhile`, unit: 'count', value: timed.drops },
    { name: `${name}, relay event-loop delay p50`, unit: 'ms', value: timed.relayLoopDelayMs.p50 },
    { name: `${name}, relay event-loop delay p99`, unit: 'ms', value: timed.relayLoopDelayMs.p99 },
    { name: `${name}, relay event loop busy`, unit: '%', value: timed.relayBusy * 100 },
    { name: `${name}, busier client worker's event loop busy`, unit: '%', value: timed.workersBusy * 100 },
    { name: `${name}, machine load average`, unit: 'load', value: timed.loadAverage },
  ];
}
