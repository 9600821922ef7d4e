// The mirror bench's report: one timed run's numbers, the lines it logged, and the rows of the table.
import { loadavg } from 'node:os';
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

/** The runs as rows of the bench table: time and rate, what arrived, and what the relay saw. */
export function mirrorSyncRows(runs: readonly SyncRun[], baselines: readonly Baseline[]): Array<[string, string]> {
  return [
    ...runs.flatMap(
      (run): Array<[string, string]> => [
        [run.label, timeOf(run)],
        ['  … what arrived', describeCheck(run.check)],
        ['  … sync sockets opened (most open at once), other TCP connections', socketsOf(run.traffic)],
        ['  … relay refusals', refusalsOf(run.traffic)],
      ],
    ),
    ...baselines.map((baseline): [string, string] => [
      baseline.label,
      `${baseline.seconds.toFixed(1)} s (${Math.round((baseline.seconds * 1000) / baseline.items)} ms each)`,
    ]),
    ...rateRows(runs),
  ];
}

// The large runs beside the Obsidian vault's, from the same process and machine.
function rateRows(runs: readonly SyncRun[]): Array<[string, string]> {
  const find = (kind: RunKind) => runs.find((run) => run.kind === kind);
  const rate = (run: SyncRun) => String(Math.round(run.notes / run.seconds));
  const pairs: Array<[string, RunKind, RunKind]> = [
    ['vault → folder', 'plainToFolder', 'obsidianToFolder'],
    ['folder → vault', 'plainToVault', 'obsidianToVault'],
  ];
  return pairs.flatMap(([way, plain, obsidian]): Array<[string, string]> => {
    const large = find(plain);
    const small = find(obsidian);
    if (!large || !small) return [];
    const entries = ` (${Math.round((small.notes + small.attachments) / small.seconds)} entries/s)`;
    const label = `notes/s ${way}: ${count(large.notes)} plain notes vs the Obsidian vault`;
    return [[label, `${rate(large)} vs ${rate(small)}${entries}`]];
  });
}

function timeOf(run: SyncRun): string {
  const perEntry = run.attachments > 0 ? `, ${Math.round((run.notes + run.attachments) / run.seconds)} entries/s` : '';
  const lastAction = run.lastActionMs === null ? 'none yet' : `at ${seconds(run.lastActionMs)}`;
  const stalled = run.stalled ? `NOT SETTLED within the limit (last file ${lastAction}): ` : '';
  const rate = `${Math.round(run.notes / run.seconds)} notes/s${perEntry}`;
  return `${stalled}${run.seconds.toFixed(1)} s (${rate}; load ${run.loadAverage.toFixed(1)})`;
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

function socketsOf(traffic: TrafficSummary): string {
  return `${traffic.socketsOpened} (${traffic.mostOpenSockets}), ${traffic.httpConnections}`;
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
