// `npx tsx bench/fanout.ts [--clients 100,300] [--seconds 15] [--rounds 3]`: the one-document fan-out rows alone.
import { pathToFileURL } from 'node:url';
import { benchDocumentName, createBenchNotes } from './load/benchNotes';
import { ClientFleet } from './load/clientFleet';
import { type BenchRow, compareRows } from './load/compareRows';
import { medianRound } from './load/medianRound';
import { type MeasuredRelay, type ServerKind, startMeasuredRelay } from './load/relayProcess';
import { type TimedEdits, timedEditRows, timeEdits } from './load/timedEdits';

/** What one fan-out run measured. */
export interface FanoutReport {
  readonly clients: number;
  readonly timed: TimedEdits;
}

/**
 * `clients` clients on one note, each its own WebSocket, provider and Y.Doc, spread over two
 * worker processes; 20 edits a second in all, each a short paragraph appended by a random client. After a
 * 3-second warm-up, `seconds` of edits are timed from the sender's local edit to every other client's doc
 * applying it. The relay runs in a process of its own (relayHost.ts), as in production.
 */
export async function measureFanout(clients: number, seconds = 15, kind: ServerKind = 'baalda'): Promise<FanoutReport> {
  const timed = await withOneNoteFanout(clients, { kind }, (_relay, time) => time(seconds));
  return { clients, timed };
}

/** BEN7: rounds of each server per client count; the median round by p95 is reported. */
export const FANOUT_ROUNDS = 3;

/**
 * BEN7: the fan-out rows of Baalda's relay beside bare Hocuspocus's, the same clients and edits, in `rounds`
 * rounds of one run each per server. Which server goes first alternates, so a machine that slows down or
 * speeds up meanwhile weighs on both; the rows are each server's median round by p95, whole, plus every
 * round's p95.
 */
export async function fanoutAgainstBare(clients: number, seconds = 15, rounds = FANOUT_ROUNDS): Promise<BenchRow[]> {
  const reports: Record<ServerKind, FanoutReport[]> = { baalda: [], bare: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: ServerKind[] = round % 2 === 0 ? ['baalda', 'bare'] : ['bare', 'baalda'];
    for (const kind of order) reports[kind].push(await measureFanout(clients, seconds, kind));
  }
  const p95 = (report: FanoutReport) => report.timed.stats.p95;
  const eachRound = (kind: ServerKind) => reports[kind].map((report) => p95(report).toFixed(1)).join(', ');
  return [
    ...compareRows(fanoutRows(medianRound(reports.baalda, p95)), fanoutRows(medianRound(reports.bare, p95))),
    [
      `fan-out, 1 note × ${clients} clients: p95 of each of ${rounds} rounds, ms (the rows above are the median round's) — ours / bare Hocuspocus`,
      `${eachRound('baalda')} / ${eachRound('bare')}`,
    ],
  ];
}

/**
 * Starts a relay (its own process) and `clients` clients on one note, then runs `phase`, which may time
 * fan-out (`time(seconds)`: 20 edits a second, each by a random client) when it chooses; stops both after.
 */
export async function withOneNoteFanout<T>(
  clients: number,
  relayOptions: { semantic?: boolean; kind?: ServerKind },
  phase: (relay: MeasuredRelay, time: (seconds: number) => Promise<TimedEdits>) => Promise<T>,
): Promise<T> {
  const relay = await startMeasuredRelay(relayOptions);
  const fleet = ClientFleet.start(2);
  try {
    await createBenchNotes(relay, 'fanout', 1);
    const documentName = benchDocumentName('fanout', 0);
    await fleet.connect(
      relay,
      Array.from({ length: clients }, (_, id) => ({ id, documentName })),
    );
    return await phase(relay, (seconds) =>
      timeEdits(relay, fleet, {
        editsPerSecond: 20,
        seconds,
        pickClient: () => Math.floor(Math.random() * clients),
        receiversOf: () => clients - 1,
      }),
    );
  } finally {
    await fleet.stop();
    await relay.stop();
  }
}

/** The report as rows of the bench table. */
export function fanoutRows(report: FanoutReport): Array<[string, string]> {
  const { clients, timed } = report;
  return timedEditRows(
    `fan-out, 1 note × ${clients} clients, ${timed.editsPerSecond} edits/s (${timed.stats.edits} edits)`,
    timed,
  );
}

/** Prints rows as the markdown table `npm run bench` prints. */
export function printRows(rows: ReadonlyArray<[string, string]>): void {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n| ${'measure'.padEnd(width)} | value |\n| ${'-'.repeat(width)} | ----- |`);
  for (const [name, value] of rows) console.log(`| ${name.padEnd(width)} | ${value} |`);
}

/** The value after `flag` in argv, or `fallback`. */
export function flagValue(args: readonly string[], flag: string, fallback: string): string {
  const index = args.indexOf(flag);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const seconds = Number(flagValue(args, '--seconds', '15'));
  const rounds = Number(flagValue(args, '--rounds', String(FANOUT_ROUNDS)));
  const rows: Array<[string, string]> = [];
  for (const clients of flagValue(args, '--clients', '100,300').split(',').map(Number)) {
    rows.push(...(await fanoutAgainstBare(clients, seconds, rounds)));
  }
  printRows(rows);
}
