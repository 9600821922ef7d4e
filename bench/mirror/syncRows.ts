// The mirror bench's report: one timed run's numbers, the lines it logged, and its measurements.
import { loadavg } from 'node:os';
import type { Measurement } from '../harness/measurement';
import { type ContentCheck, isComplete } from './vaultContent';
import type { TrafficSummary } from './watchedRelay';

/** Which vault went which way, and with what. */
export type RunKind = 'plainToFolder' | 'plainToVault' | 'obsidianToVault' | 'obsidianToFolder' | 'import';

/** One timed run: a mirror's first run in one direction, or an import. */
export interface SyncRun {
  readonly kind: RunKind;
  readonly label: string;
  readonly notes: number;
  readonly attachments: number;
  /** From the start of the mirror (or import) until it settled, or until it was given up on. */
  readonly seconds: number;
  /** It never settled (the mirror never reported itself idle) within the stall limit. */
  readonly stalled: boolean;
  /** What the side it wrote to holds, against what it should. */
  readonly check: ContentCheck;
  readonly traffic: TrafficSummary;
  /** The log lines that are not one file's routine `→ relay` / `← relay`, each with its time. */
  readonly unusualLines: readonly string[];
  /** When the mirror last logged a file going either way (ms since the start): where a stall began. */
  readonly lastActionMs: number | null;
  /** The machine's 1-minute load average when the run ended (2 cores: above 2, others are waiting). */
  readonly loadAverage: number;
}

/** A plain timing measured in the same run, to read a SyncRun against. */
export interface Baseline {
  readonly label: string;
  readonly seconds: number;
  readonly items: number;
}

// A file's own line, the mirror's start and stop, and progress (MIR12, XFER9): what every run prints.
const ROUTINE =
  /^(mirror: (.* (→|←|=) relay \(|watching |stopped;|notes in step with the relay|all \d+ notes in step)|notes imported: \d+ \/ \d+$)/;
const FILE_ACTION = /^mirror: .* (→|←|=) relay \(/;

/** Collects one run's log lines, each timed from `start`; `echo` also prints them as they come. */
export function collectLines(start: number, echo = false) {
  const unusualLines: string[] = [];
  let lastActionMs: number | null = null;
  return {
    write(line: string) {
      const atMs = performance.now() - start;
      if (echo) console.error(`[${seconds(atMs)}] ${line}`);
      if (FILE_ACTION.test(line)) lastActionMs = atMs;
      if (!ROUTINE.test(line)) unusualLines.push(`[${seconds(atMs)}] ${line}`);
    },
    summary: () => ({ unusualLines, lastActionMs, loadAverage: loadavg()[0] ?? 0 }),
  };
}

const benchStart = performance.now();

/** A progress line on stderr, timed from the start of the bench. */
export function say(line: string): void {
  console.error(`[bench ${seconds(performance.now() - benchStart)}] ${line}`);
}

/** The runs as measurements: time and rate, what arrived, and what the relay saw; then the baselines and rates. */
export function mirrorSyncMeasurements(runs: readonly SyncRun[], baselines: readonly Baseline[]): Measurement[] {
  return [
    ...runs.flatMap((run): Measurement[] => [
      { name: run.label, unit: 's', value: run.seconds, note: timeOf(run) },
      {
        name: `${run.label}: entries with their text or bytes`,
        unit: 'count',
        value: run.check.same,
        note: describeCheck(run.check),
      },
      { name: `${run.label}: sync sockets opened`, unit: 'count', value: run.traffic.socketsOpened },
      { name: `${run.label}: most sync sockets open at once`, unit: 'count', value: run.traffic.mostOpenSockets },
      { name: `${run.label}: other TCP connections`, unit: 'count', value: run.traffic.httpConnections },
      {
        name: `${run.label}: relay refusals`,
        unit: 'count',
        value: refusalCount(run.traffic),
        note: refusalsOf(run.traffic),
      },
    ]),
    ...baselines.map(
      (baseline): Measurement => ({
        name: baseline.label,
        unit: 's',
        value: baseline.seconds,
        note: `${Math.round((baseline.seconds * 1000) / baseline.items)} ms each`,
      }),
    ),
    ...rates(runs),
  ];
}

// The large runs beside the Obsidian vault's, from the same process and machine.
function rates(runs: readonly SyncRun[]): Measurement[] {
  const find = (kind: RunKind) => runs.find((run) => run.kind === kind);
  const pairs: Array<[string, RunKind, RunKind]> = [
    ['vault → folder', 'plainToFolder', 'obsidianToFolder'],
    ['folder → vault', 'plainToVault', 'obsidianToVault'],
  ];
  return pairs.flatMap(([way, plain, obsidian]): Measurement[] => {
    const large = find(plain);
    const small = find(obsidian);
    if (!large || !small) return [];
    return [
      {
        name: `notes/s ${way}: ${count(large.notes)} plain notes`,
        unit: 'notes/s',
        value: large.notes / large.seconds,
        baseline: { label: 'the Obsidian vault', value: small.notes / small.seconds },
        note: `the Obsidian vault's ${Math.round((small.notes + small.attachments) / small.seconds)} entries/s`,
      },
    ];
  });
}

function timeOf(run: SyncRun): string {
  const perEntry = run.attachments > 0 ? `, ${Math.round((run.notes + run.attachments) / run.seconds)} entries/s` : '';
  const lastAction = run.lastActionMs === null ? 'none yet' : `at ${seconds(run.lastActionMs)}`;
  const stalled = run.stalled ? `NOT SETTLED within the limit (last file ${lastAction}): ` : '';
  const rate = `${Math.round(run.notes / run.seconds)} notes/s${perEntry}`;
  return `${stalled}${rate}; load ${run.loadAverage.toFixed(1)}`;
}

// A check as one cell: all there, or what is missing or different and the first such path.
function describeCheck(check: ContentCheck): string {
  const counted = `${count(check.same)} of ${count(check.expected)} entries with their text or bytes`;
  const missing = check.expected - check.present;
  const problems = [
    missing > 0 ? `${count(missing)} missing` : '',
    check.present > check.same ? `${count(check.present - check.same)} different` : '',
    check.extra > 0 ? `${count(check.extra)} extra` : '',
    check.firstProblem ? `first: ${check.firstProblem}` : '',
  ].filter(Boolean);
  const verdict = isComplete(check) ? 'all there' : 'INCOMPLETE';
  return problems.length > 0 ? `${verdict}: ${counted}; ${problems.join(', ')}` : `${verdict}: ${counted}`;
}

function refusalCount(traffic: TrafficSummary): number {
  return [...traffic.refusals.values()].reduce((sum, refusal) => sum + refusal.count, traffic.pendingDocuments.count);
}

function refusalsOf(traffic: TrafficSummary): string {
  const seen = [...traffic.refusals].map(([code, { count: times, firstAtMs }]) => {
    return `${code} × ${times} (first at ${seconds(firstAtMs)})`;
  });
  const { pendingDocuments } = traffic;
  if (pendingDocuments.count > 0) {
    const first = seconds(pendingDocuments.firstAtMs ?? 0);
    seen.push(
      `Hocuspocus "too many pending unauthenticated documents" × ${pendingDocuments.count} (first at ${first})`,
    );
  }
  if (traffic.warnings.length > 0) seen.push(`${traffic.warnings.length} other relay warnings (listed above)`);
  return seen.length > 0 ? seen.join('; ') : 'none';
}

/** Milliseconds as `12.3 s`. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A count as people read it: `2,000`. */
export function count(value: number): string {
  return value.toLocaleString('en');
}
