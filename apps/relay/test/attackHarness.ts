import { readFile } from 'node:fs/promises';
import { formatNoteDocumentName } from '@baalda/core';
import { expect } from 'vitest';
import type * as Y from 'yjs';
import { connectPeer } from './clients';

/**
 * WS7's floor: p95s under this many milliseconds count as this much. Timer granularity, the event loop's
 * turn and a two-core CI machine that also runs the attacker move a p95 of 2–5 ms by several ms at random
 * (a 10 ms floor failed CI once at 25.5 ms); a relay that an attack stalls shows hundreds of ms or seconds.
 */
export const NOISE_FLOOR_MS = 25;

/** How long one probe edit may take before it counts as this (a wedged relay would never answer). */
const EDIT_TIMEOUT_MS = 5_000;

const WARM_UP_EDITS = 20;

/** The note the latency probe's peers edit: no attack ever addresses it. */
const PROBE_NOTE = formatNoteDocumentName('latencyProbeNote0001');

/** Two peers on one note: alice types, bob receives; each edit is timed from keystroke to bob's doc. */
export interface LatencyProbe {
  /** ms from one single-character edit by alice until bob's doc has applied it. */
  timeEdit(): Promise<number>;
  /** p95 in ms of `edits` edits in a row. */
  p95(edits?: number): Promise<number>;
  close(): void;
}

/** Connects alice and bob to the probe note on `relay`. */
export async function openLatencyProbe(relay: { syncUrl: string; token: string }): Promise<LatencyProbe> {
  const alice = await connectPeer(relay, PROBE_NOTE);
  const bob = await connectPeer(relay, PROBE_NOTE);
  const text = alice.doc.getText('probe');
  const timeEdit = () => timeOneEdit(text, bob.doc);
  // The first edits pay for JIT warm-up and the note's first store; they'd inflate the baseline.
  for (let index = 0; index < WARM_UP_EDITS; index += 1) await timeEdit();
  return {
    timeEdit,
    p95: async (edits = 40) => {
      const samples: number[] = [];
      for (let index = 0; index < edits; index += 1) samples.push(await timeEdit());
      return percentile(samples, 0.95);
    },
    close: () => {
      alice.destroy();
      bob.destroy();
    },
  };
}

// As bench/latency.ts measures it, with a timeout so a wedged relay fails the test instead of hanging it.
function timeOneEdit(text: Y.Text, receiver: Y.Doc): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const timer = setTimeout(() => {
      receiver.off('update', received);
      resolve(EDIT_TIMEOUT_MS);
    }, EDIT_TIMEOUT_MS);
    const received = () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    };
    receiver.once('update', received);
    text.insert(text.length, 'x');
  });
}

/** The `fraction` quantile (nearest rank) of `samples`. */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** WS7: the most a p95 measured during an attack may be, given the baseline p95. */
export function latencyBound(baselineP95: number): number {
  return 2 * Math.max(baselineP95, NOISE_FLOOR_MS);
}

/** The probe's p95 before an attack and while it ran, and how many edits were timed during it. */
export interface AttackLatency {
  readonly baseline: number;
  readonly during: number;
  /** The slowest edit during the attack: a stall shows here first. */
  readonly worstDuring: number;
  readonly editsDuring: number;
}

/**
 * Measures the probe's p95 before the attack, then times edits for as long as `attack` runs (and at least
 * `edits` of them), so every part of the attack competes with a timed edit.
 */
export async function measureDuringAttack(attack: () => Promise<unknown>, probe: LatencyProbe, edits = 40) {
  const baseline = await probe.p95(edits);
  let attacking = true;
  const running = attack().finally(() => {
    attacking = false;
  });
  const samples: number[] = [];
  while (attacking || samples.length < edits) samples.push(await probe.timeEdit());
  await running;
  return {
    baseline,
    during: percentile(samples, 0.95),
    worstDuring: Math.max(...samples),
    editsDuring: samples.length,
  } satisfies AttackLatency;
}

/** Resident memory of process `pid` in bytes (Linux `/proc/<pid>/status` VmRSS). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/** Samples `residentBytes(pid)` every `everyMs` until `stop()`; `peak()` is the highest seen. */
export function watchResidentPeak(pid: number, everyMs = 50): { peak(): number; stop(): void } {
  let peak = 0;
  const timer = setInterval(() => {
    residentBytes(pid).then(
      (bytes) => {
        peak = Math.max(peak, bytes);
      },
      () => {},
    );
  }, everyMs);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

/** Prints one measured case so the numbers show in the test output (and the report of a CI run). */
export function logMeasurement(label: string, numbers: Record<string, number>): void {
  const shown = Object.entries(numbers).map(([name, value]) => `${name}=${Math.round(value * 10) / 10}`);
  console.info(`[attack] ${label}: ${shown.join(' ')}`);
}

/** WS7: logs the case's numbers, then asserts that the p95 during the attack stayed within the bound. */
export function expectOthersUnaffected(label: string, latency: AttackLatency): void {
  logMeasurement(label, { ...latency, bound: latencyBound(latency.baseline) });
  expect(latency.during, `${label}: p95 during the attack`).toBeLessThanOrEqual(latencyBound(latency.baseline));
}
