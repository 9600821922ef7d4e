import { percentile } from '../stats';
import type { ClientFleet } from './clientFleet';
import type { EditTimes } from './clientProtocol';

/** One edit the bench asked for: which client made it. */
export interface SentEdit {
  readonly editId: number;
  readonly client: number;
}

/** How a steady edit load is driven. */
export interface EditLoad {
  readonly editsPerSecond: number;
  readonly seconds: number;
  /** The first edit's id; ids then count up, so phases (warm-up, measured) never share one. */
  readonly firstEditId: number;
  /** The client that makes the next edit. */
  pickClient(): number;
  /** Passed on to every edit (the soak keeps documents small). */
  readonly keepParagraphs?: number;
}

/**
 * Edits at a fixed rate on a fixed schedule (edit k at start + k / rate, so a slow tick does not slow the
 * rate down), each by the client `pickClient` names; resolves once every edit was made by its worker.
 */
export async function driveEdits(fleet: ClientFleet, load: EditLoad): Promise<SentEdit[]> {
  const intervalMs = 1000 / load.editsPerSecond;
  const total = Math.round(load.seconds * load.editsPerSecond);
  const started = performance.now();
  const edits: SentEdit[] = [];
  const made: Array<Promise<void>> = [];
  for (let index = 0; index < total; index += 1) {
    const wait = started + index * intervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const edit = { editId: load.firstEditId + index, client: load.pickClient() };
    edits.push(edit);
    made.push(fleet.edit(edit.client, edit.editId, load.keepParagraphs));
  }
  await Promise.all(made);
  return edits;
}

/** Fan-out latency of a set of edits: one sample per receiving client per edit. */
export interface FanoutStats {
  readonly edits: number;
  readonly samples: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** Receipts expected but never seen (each edit by each client that should have received it). */
  readonly lost: number;
}

/**
 * Milliseconds from each edit's local change in its sender to each receiving doc applying it, over the
 * edits in `edits`; `receiversOf(edit)` says how many clients should have received it.
 */
export function summarizeFanout(
  edits: readonly SentEdit[],
  times: EditTimes,
  receiversOf: (edit: SentEdit) => number,
): FanoutStats {
  const sentAt = new Map(times.sent);
  const counted = new Map(edits.map((edit) => [edit.editId, 0]));
  const latencies: number[] = [];
  for (const [editId, at] of times.received) {
    const seen = counted.get(editId);
    const sent = sentAt.get(editId);
    if (seen === undefined || sent === undefined) continue;
    counted.set(editId, seen + 1);
    latencies.push(at - sent);
  }
  latencies.sort((a, b) => a - b);
  const lost = edits.reduce((sum, edit) => sum + Math.max(0, receiversOf(edit) - (counted.get(edit.editId) ?? 0)), 0);
  return {
    edits: edits.length,
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    lost,
  };
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
