// `npm run bench -- --only soak [--soak-minutes 10] [--heap-snapshots DIR] [--arena-max N] [--node-flags A,B]
// [--without-bare]` (also `npm run bench:soak`): the soak of soak.ts as measurements, every sample printed
// with the RSS split into its parts (BEN8) as it goes.
import { defineBench, positiveNumber } from './harness/benchDefinition';
import { type Measurement, mebibytes } from './harness/measurement';
import {
  arenaLimitedRelay,
  FLAT_MIB_PER_10_MINUTES,
  type HeapSample,
  measureSoaks,
  relayWithFlag,
  SETTLED_FROM_MINUTE,
  SOAK_SERVERS,
  type SoakReport,
  type SoakServer,
} from './soak';

/** The variants the command line asks for besides the relay and bare Hocuspocus. */
export interface SoakVariants {
  readonly withoutBare?: boolean;
  readonly arenaMax?: string;
  readonly nodeFlags?: string;
}

/** BEN9: the servers to soak, the relay and bare Hocuspocus less or plus the variants; a bad one throws. */
export function soakServersFrom({ withoutBare, arenaMax, nodeFlags }: SoakVariants): SoakServer[] {
  const servers = SOAK_SERVERS.filter((server) => server.kind !== 'bare' || !withoutBare);
  if (arenaMax) servers.push(arenaLimitedRelay(Number(arenaMax)));
  if (nodeFlags) servers.push(...nodeFlags.split(',').map(relayWithFlag));
  return servers;
}

/**
 * BEN9: each relay's settled heap and RSS slopes less bare Hocuspocus's from the same run: the growth the relay
 * adds to what Hocuspocus and Yjs do under the same edits (their notes' tombstones grow both). None without bare.
 */
export function beyondBareMeasurements(reports: readonly SoakReport[]): Measurement[] {
  const bare = reports.find((report) => report.server.kind === 'bare');
  if (!bare) return [];
  return reports
    .filter((report) => report !== bare)
    .flatMap((report): Measurement[] => {
      const name = `soak ${report.minutes} min, ${report.server.label}: slope from minute ${SETTLED_FROM_MINUTE} beyond bare Hocuspocus's`;
      return [
        {
          name: `${name}, heap`,
          unit: 'MiB per 10 min',
          value: report.settledSlopeMiBPer10Minutes - bare.settledSlopeMiBPer10Minutes,
        },
        {
          name: `${name}, RSS`,
          unit: 'MiB per 10 min',
          value: report.settledRssSlopeMiBPer10Minutes - bare.settledRssSlopeMiBPer10Minutes,
        },
      ];
    });
}

/** One server's soak as measurements; the edits and reconnects it saw are notes, not part of the names. */
export function soakMeasurements(report: SoakReport): Measurement[] {
  const name = `soak ${report.minutes} min, ${report.server.label}`;
  const counts = `${report.edits} edits, ${report.reconnects} reconnects`;
  const heap = (sample: HeapSample | undefined) => mebibytes(sample?.reading.heapUsed ?? Number.NaN);
  const rss = (sample: HeapSample | undefined) => mebibytes(sample?.reading.rss ?? Number.NaN);
  const flat = (slope: number) => (Math.abs(slope) < FLAT_MIB_PER_10_MINUTES ? 'flat' : 'NOT flat');
  const bound = `|slope| < ${FLAT_MIB_PER_10_MINUTES} MiB per 10 min`;
  const settled = report.settledSlopeMiBPer10Minutes;
  const net = report.netOfTombstones;
  const from = `from minute ${SETTLED_FROM_MINUTE}`;
  const slope = 'MiB per 10 min' as const;
  return [
    { name: `${name}: heap, first sample`, unit: 'MiB', value: heap(report.samples[0]), note: counts },
    { name: `${name}: heap, last sample`, unit: 'MiB', value: heap(report.samples.at(-1)) },
    {
      name: `${name}: heap slope, all samples`,
      unit: slope,
      value: report.slopeMiBPer10Minutes,
      note: `${report.samples.length} samples`,
    },
    { name: `${name}: heap slope ${from}`, unit: slope, value: settled, target: bound, note: flat(settled) },
    {
      name: `${name}: heap slope ${from} net of the loaded notes' Yjs tombstones`,
      unit: slope,
      value: net.slopeMiBPer10Minutes,
      target: bound,
      note: flat(net.slopeMiBPer10Minutes),
    },
    { name: `${name}: heap per deleted Yjs struct`, unit: 'B', value: net.bytesPerDeletedStruct },
    { name: `${name}: RSS, first sample`, unit: 'MiB', value: rss(report.samples[0]) },
    { name: `${name}: RSS, last sample`, unit: 'MiB', value: rss(report.samples.at(-1)) },
    { name: `${name}: RSS slope ${from}`, unit: slope, value: report.settledRssSlopeMiBPer10Minutes },
    { name: `${name}: fan-out p95`, unit: 'ms', value: report.fanoutP95 },
    { name: `${name}: edits undelivered`, unit: 'count', value: report.undelivered, note: `of ${report.edits}` },
  ];
}

/** Every sample of one server's soak, with the RSS split into its parts (BEN8). */
function printSamples(report: SoakReport): void {
  const mib = (bytes: number) => mebibytes(bytes).toFixed(1);
  console.log(`${report.server.label}:`);
  for (const { minutes, reading } of report.samples) {
    const { heapUsed, heapTotal, rss, rssAnon, rssFile, rssWasm, external } = reading;
    const { documents, stateBytes, structs, deletedStructs } = reading;
    console.log(
      `  ${minutes.toFixed(1)} min: heap ${mib(heapUsed)} MiB (pages ${mib(heapTotal)}), external ${mib(external)} MiB, rss ${mib(rss)} MiB (anonymous ${mib(rssAnon)} of which WebAssembly ${mib(rssWasm)}, files ${mib(rssFile)}), ${documents} documents, ${stateBytes} state bytes, ${structs} Yjs structs (${deletedStructs} deleted)`,
    );
  }
}

/** `soak`: ten minutes of edits and reconnects against the relay, bare Hocuspocus and any variants. */
export const soakBench = defineBench({
  name: 'soak',
  description: 'heap and RSS trends over a 10-minute soak, the relay beside bare Hocuspocus (and variants: BEN9)',
  flags: {
    'soak-minutes': { type: 'string', description: 'minutes of edits', default: '10' },
    'heap-snapshots': {
      type: 'string',
      description: "a folder for each server's heap at the first settled and last sample",
    },
    'arena-max': { type: 'string', description: 'one more relay, with MALLOC_ARENA_MAX=N' },
    'node-flags': { type: 'string', description: 'one more relay per Node or V8 flag, comma-separated' },
    'without-bare': { type: 'boolean', description: 'leaves bare Hocuspocus, the baseline, out' },
  },
  inDefaultRun: false,
  check: (options) => {
    positiveNumber(options['soak-minutes'], 'soak-minutes');
    soakServersFrom(variantsOf(options));
  },
  run: async (options) => {
    const servers = soakServersFrom(variantsOf(options));
    const minutes = positiveNumber(options['soak-minutes'], 'soak-minutes');
    const reports = await measureSoaks(minutes, servers, options['heap-snapshots']);
    for (const report of reports) printSamples(report);
    return [...reports.flatMap(soakMeasurements), ...beyondBareMeasurements(reports)];
  },
});

function variantsOf(options: {
  readonly 'without-bare': boolean;
  readonly 'arena-max': string | undefined;
  readonly 'node-flags': string | undefined;
}): SoakVariants {
  return { withoutBare: options['without-bare'], arenaMax: options['arena-max'], nodeFlags: options['node-flags'] };
}
