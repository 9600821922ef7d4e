// `npm run bench -- --only many-documents [--documents 1000] [--seconds 15] [--heap-snapshots DIR]
// [--postgres URL] [--arena-max N]`: 1,000 notes loaded in the relay against bare Hocuspocus (manyDocuments.ts).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BARE_HOCUSPOCUS } from './fanout';
import { defineBench, positiveNumber, wholeNumber } from './harness/benchDefinition';
import { kibibytes, type Measurement, mebibytes, withBaselines } from './harness/measurement';
import { arenaLimitEnv } from './load/arenaLimit';
import type { MemoryReading } from './load/relayProtocol';
import { timedEditMeasurements } from './load/timedEdits';
import {
  type ArenaLimitedReading,
  type ManyDocumentsOptions,
  type ManyDocumentsReport,
  measureManyDocuments,
  measureRestartedOnPostgres,
  type PostgresRestarts,
} from './manyDocuments';

/**
 * The many-document measurements of Baalda's relay with bare Hocuspocus's, the same clients and edits, one
 * run, as their baselines; and the restarted relay's memory on PostgreSQL too when `postgresAdminUrl` names a
 * server.
 */
export async function manyDocumentsAgainstBare(
  options: ManyDocumentsOptions = {},
  postgresAdminUrl = process.env.BAALDA_BENCH_DATABASE_URL,
): Promise<Measurement[]> {
  const { documents = 1000, snapshotDir, arenaMax } = options;
  const report = await measureManyDocuments(options, 'baalda');
  const onPostgres = postgresAdminUrl ? await measureRestartedOnPostgres(documents, postgresAdminUrl, arenaMax) : null;
  const bareDir = snapshotDir && join(snapshotDir, 'bare');
  if (bareDir) await mkdir(bareDir, { recursive: true });
  const bare = manyDocumentsMeasurements(await measureManyDocuments({ ...options, snapshotDir: bareDir }, 'bare'));
  const paired = withBaselines(manyDocumentsMeasurements(report), bare, BARE_HOCUSPOCUS);
  return withPostgresRestarts(paired, documents, onPostgres);
}

/** The report as measurements. */
export function manyDocumentsMeasurements(report: ManyDocumentsReport): Measurement[] {
  const { documents, idle, loaded, oneClientEach, timed } = report;
  const notes = documents.toLocaleString('en');
  const at = `${notes} notes of ${report.noteChars / 1000}k chars`;
  const perNote = (name: string, bytes: number): Measurement => ({
    name: `${name} (${at})`,
    unit: 'KiB',
    value: kibibytes(bytes / documents),
  });
  return [
    perNote('relay heap per idle loaded note, 2 clients each', loaded.heapUsed - idle.heapUsed),
    perNote('relay RSS per idle loaded note, 2 clients each', loaded.rss - idle.rss),
    perNote('relay heap per loaded note with 1 client', oneClientEach.heapUsed - idle.heapUsed),
    perNote('relay heap per second client of a note', loaded.heapUsed - oneClientEach.heapUsed),
    perNote('relay external + array buffers per loaded note', loaded.external - idle.external),
    perNote('encoded Yjs state per loaded note', loaded.stateBytes),
    ...memory(`${notes} notes stored, none loaded (after writing them)`, idle),
    ...memory(restartedName(documents, 'PGlite'), report.restarted),
    ...arenaLimited(documents, 'PGlite', report.restartedArenaLimited),
    ...memory('all loaded with 2 clients each', loaded),
    ...timedEditMeasurements(
      `fan-out, ${notes} notes × 2 clients, ${timed.editsPerSecond} edits/s on random notes (${timed.stats.edits} edits)`,
      timed,
    ),
  ];
}

/** The relay's heap and RSS at one reading. */
function memory(when: string, reading: Pick<MemoryReading, 'heapUsed' | 'rss'>, note?: string): Measurement[] {
  return [
    { name: `relay heap, ${when}`, unit: 'MiB', value: mebibytes(reading.heapUsed), ...(note ? { note } : {}) },
    { name: `relay RSS, ${when}`, unit: 'MiB', value: mebibytes(reading.rss), ...(note ? { note } : {}) },
  ];
}

function restartedName(documents: number, backend: string, arenas?: number): string {
  const how = arenas ? `${backend}, MALLOC_ARENA_MAX=${arenas}` : backend;
  return `${documents.toLocaleString('en')} notes stored, none loaded (restarted on them, ${how})`;
}

function arenaLimited(documents: number, backend: string, limited?: ArenaLimitedReading): Measurement[] {
  return limited ? memory(restartedName(documents, backend, limited.arenas), limited.reading) : [];
}

const NOT_ON_POSTGRES = { heapUsed: Number.NaN, rss: Number.NaN };

/**
 * BEN10: `measurements` with the PostgreSQL restart's readings right after PGlite's, or, when no server was
 * named, the same measurements not measured (NaN) with a note saying why.
 */
export function withPostgresRestarts(
  measurements: readonly Measurement[],
  documents: number,
  restarts: PostgresRestarts | null,
): Measurement[] {
  const onPostgres = restartedName(documents, 'PostgreSQL');
  const added = restarts
    ? [...memory(onPostgres, restarts.restarted), ...arenaLimited(documents, 'PostgreSQL', restarts.arenaLimited)]
    : memory(onPostgres, NOT_ON_POSTGRES, 'not measured: no --postgres or BAALDA_BENCH_DATABASE_URL');
  const pglitePrefix = restartedName(documents, 'PGlite').slice(0, -1);
  const lastPglite = measurements.findLastIndex(({ name }) => name.includes(pglitePrefix));
  const at = lastPglite < 0 ? measurements.length : lastPglite + 1;
  return [...measurements.slice(0, at), ...added, ...measurements.slice(at)];
}

/** `many-documents`: 1,000 notes of 10 KB loaded, against bare Hocuspocus. */
export const manyDocumentsBench = defineBench({
  name: 'many-documents',
  description:
    'memory per loaded 10 KB note (1,000 notes), idle, loaded and restarted (PGlite, PostgreSQL), fan-out on random notes, against bare Hocuspocus',
  flags: {
    documents: { type: 'string', description: 'notes', default: '1000' },
    seconds: { type: 'string', description: 'seconds of timed edits per run', default: '15' },
    'heap-snapshots': { type: 'string', description: "a folder for V8 heap snapshots of the relay's readings" },
    postgres: { type: 'string', description: 'a PostgreSQL admin URL (default BAALDA_BENCH_DATABASE_URL)' },
    'arena-max': { type: 'string', description: 'also read each restart with MALLOC_ARENA_MAX=N (BEN10)' },
  },
  inDefaultRun: true,
  check: (options) => {
    wholeNumber(options.documents, 'documents');
    positiveNumber(options.seconds, 'seconds');
    // An arena limit it could not run is refused before anything starts (BEN10).
    if (options['arena-max'] !== undefined) arenaLimitEnv(Number(options['arena-max']));
  },
  run: async (options) => {
    const arenaMax = options['arena-max'] === undefined ? undefined : Number(options['arena-max']);
    const settings: ManyDocumentsOptions = {
      documents: wholeNumber(options.documents, 'documents'),
      seconds: positiveNumber(options.seconds, 'seconds'),
      snapshotDir: options['heap-snapshots'],
      arenaMax,
    };
    return manyDocumentsAgainstBare(settings, options.postgres ?? process.env.BAALDA_BENCH_DATABASE_URL);
  },
});
