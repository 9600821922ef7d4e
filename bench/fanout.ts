// `npm run bench -- --only fanout [--clients 100,300] [--seconds 15] [--rounds 3]`: one-document fan-out against
// bare Hocuspocus.
import { defineBench, positiveNumber, wholeNumber, wholeNumbers } from './harness/benchDefinition';
import { type Measurement, withBaselines } from './harness/measurement';
import { benchDocumentName, createBenchNotes } from './load/benchNotes';
import { ClientFleet } from './load/clientFleet';
import { medianRound } from './load/medianRound';
import { type MeasuredRelay, type ServerKind, startMeasuredRelay } from './load/relayProcess';
import { type TimedEdits, timedEditMeasurements, timeEdits } from './load/timedEdits';

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

/** The label of bare Hocuspocus's measurements as the relay's baseline. */
export const BARE_HOCUSPOCUS = 'bare Hocuspocus';

/**
 * BEN7: the fan-out measurements of Baalda's relay with bare Hocuspocus's as their baseline, the same clients
 * and edits, in `rounds` rounds of one run each per server. Which server goes first alternates, so a machine
 * that slows down or speeds up meanwhile weighs on both; the measurements are each server's median round by
 * p95, whole, and the p95 carries every round's p95.
 */
export async function fanoutAgainstBare(clients: number, seconds = 15, rounds = FANOUT_ROUNDS): Promise<Measurement[]> {
  const reports: Record<ServerKind, FanoutReport[]> = { baalda: [], bare: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: ServerKind[] = round % 2 === 0 ? ['baalda', 'bare'] : ['bare', 'baalda'];
    for (const kind of order) reports[kind].push(await measureFanout(clients, seconds, kind));
  }
  const p95 = (report: FanoutReport) => report.timed.stats.p95;
  const ours = fanoutMeasurements(medianRound(reports.baalda, p95));
  const bare = fanoutMeasurements(medianRound(reports.bare, p95));
  const bareRounds = reports.bare.map((report) => p95(report).toFixed(1)).join(', ');
  return withBaselines(ours, bare, BARE_HOCUSPOCUS).map((measurement) =>
    measurement.name.endsWith(' p95')
      ? {
          ...measurement,
          samples: reports.baalda.map(p95),
          note: `median of ${rounds} rounds; bare Hocuspocus's: ${bareRounds}`,
        }
      : measurement,
  );
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

/** The report as measurements. */
export function fanoutMeasurements(report: FanoutReport): Measurement[] {
  const { clients, timed } = report;
  return timedEditMeasurements(
    `fan-out, 1 note × ${clients} clients, ${timed.editsPerSecond} edits/s (${timed.stats.edits} edits)`,
    timed,
  );
}

/** `fanout`: one note, many clients, against bare Hocuspocus in rounds (BEN7). */
export const fanoutBench = defineBench({
  name: 'fanout',
  description: 'one note × 100 and 300 clients, 20 edits/s: fan-out latency against bare Hocuspocus, in rounds (BEN7)',
  flags: {
    clients: { type: 'string', description: 'client counts, comma-separated', default: '100,300' },
    seconds: { type: 'string', description: 'seconds of timed edits per run', default: '15' },
    rounds: { type: 'string', description: 'rounds per server (BEN7)', default: String(FANOUT_ROUNDS) },
  },
  inDefaultRun: true,
  check: (options) => {
    wholeNumbers(options.clients, 'clients');
    positiveNumber(options.seconds, 'seconds');
    wholeNumber(options.rounds, 'rounds');
  },
  run: async (options) => {
    const measurements: Measurement[] = [];
    const [seconds, rounds] = [positiveNumber(options.seconds, 'seconds'), wholeNumber(options.rounds, 'rounds')];
    for (const clients of wholeNumbers(options.clients, 'clients'))
      measurements.push(...(await fanoutAgainstBare(clients, seconds, rounds)));
    return measurements;
  },
});
