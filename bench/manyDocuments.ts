// `npx tsx bench/manyDocuments.ts [--documents 1000] [--seconds 15] [--heap-snapshots DIR] [--postgres URL]`:
// the many-document rows alone; with --heap-snapshots, the relay's heap at each of the three readings. The
// PostgreSQL row needs a server where the URL's role may create databases (default: BAALDA_BENCH_DATABASE_URL).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flagValue, printRows } from './fanout';
import { benchDocumentName, createBenchNotes } from './load/benchNotes';
import { ClientFleet } from './load/clientFleet';
import { type BenchRow, compareRows } from './load/compareRows';
import { sleep } from './load/editLoad';
import { type MeasuredRelay, type ServerKind, startMeasuredRelay, waitForNoDocuments } from './load/relayProcess';
import type { MemoryReading } from './load/relayProtocol';
import { type TimedEdits, timedEditRows, timeEdits } from './load/timedEdits';

/** What the many-document run measured; memory readings are the relay's, after forced GC. */
export interface ManyDocumentsReport {
  readonly documents: number;
  /** Characters of text in each note. */
  readonly noteChars: number;
  /** The relay with every note stored and none loaded. */
  readonly idle: MemoryReading;
  /** Every note loaded with its two clients connected, no edits running. */
  readonly loaded: MemoryReading;
  /** Every note loaded with one client each. */
  readonly oneClientEach: MemoryReading;
  /** A new process on the same stored notes, none loaded yet (a server restarted). */
  readonly restarted: MemoryReading;
  /** 20 edits a second on random notes, each timed to the note's other client. */
  readonly timed: TimedEdits;
}

const PREFIX = 'many';
const PARAGRAPHS = 10;
const PARAGRAPH_CHARS = 1000;

/**
 * `documents` notes of ~10 KB of text each, written once through the relay and stored; then two
 * clients per note connect, so each note is loaded from the database, and the relay's heap and RSS are read
 * idle. Then 20 edits a second go to random notes for `seconds` (after a 3 s warm-up), timed from the edit to
 * the note's other client. Relay in a process of its own with --expose-gc; clients in two workers.
 */
export async function measureManyDocuments(
  documents = 1000,
  seconds = 15,
  snapshotDir?: string,
  kind: ServerKind = 'baalda',
): Promise<ManyDocumentsReport> {
  let relay = await startMeasuredRelay({ kind });
  const fleet = ClientFleet.start(2);
  try {
    await storeNotes(relay, fleet, documents);
    const idle = await readIdle(relay, snapshotDir && join(snapshotDir, 'idle.heapsnapshot'));
    // Note i's clients are documents + 2i (the one that edits) and documents + 2i + 1.
    const clientOf = (note: number, which: number) => documents + 2 * note + which;
    const readersOf = (which: number) =>
      Array.from({ length: documents }, (_, note) => ({
        id: clientOf(note, which),
        documentName: benchDocumentName(PREFIX, note),
      }));
    await fleet.connect(relay, readersOf(0));
    const oneClientEach = await readIdle(relay, snapshotDir && join(snapshotDir, 'oneClient.heapsnapshot'));
    await fleet.connect(relay, readersOf(1));
    const loaded = await readIdle(relay, snapshotDir && join(snapshotDir, 'loaded.heapsnapshot'));
    const timed = await timeEdits(relay, fleet, {
      editsPerSecond: 20,
      seconds,
      pickClient: () => clientOf(Math.floor(Math.random() * documents), 0),
      receiversOf: () => 1,
    });
    await fleet.disconnect(Array.from({ length: 2 * documents }, (_, index) => documents + index));
    await waitForNoDocuments(relay);
    relay = await relay.restart();
    const restarted = await readIdle(relay);
    return { documents, noteChars: PARAGRAPHS * PARAGRAPH_CHARS, idle, loaded, oneClientEach, restarted, timed };
  } finally {
    await fleet.stop();
    await relay.stop();
  }
}

// Reads memory once the relay has settled for a few seconds; with `snapshotPath`, also writes a heap snapshot.
async function readIdle(relay: MeasuredRelay, snapshotPath?: string | ''): Promise<MemoryReading> {
  await sleep(3000);
  const reading = await relay.readMemory(true);
  if (snapshotPath) await relay.writeHeapSnapshot(snapshotPath);
  return reading;
}

/**
 * The relay restarted on the same notes stored in PostgreSQL, before anyone opens one: the restarted reading
 * of measureManyDocuments on the other backend. A database of its own on `adminUrl`'s server, dropped after.
 */
export async function measureRestartedOnPostgres(documents: number, adminUrl: string): Promise<MemoryReading> {
  let relay = await startMeasuredRelay({ database: { kind: 'postgres', adminUrl } });
  const fleet = ClientFleet.start(2);
  try {
    await storeNotes(relay, fleet, documents);
    relay = await relay.restart();
    return await readIdle(relay);
  } finally {
    await fleet.stop();
    await relay.stop();
  }
}

async function storeNotes(relay: MeasuredRelay, fleet: ClientFleet, documents: number): Promise<void> {
  await createBenchNotes(relay, PREFIX, documents);
  await writeNotes(relay, fleet, documents);
}

/** One writer per note (clients 0 … documents - 1) appends its text, then all leave and the relay lets go. */
async function writeNotes(relay: MeasuredRelay, fleet: ClientFleet, documents: number): Promise<void> {
  const writers = Array.from({ length: documents }, (_, id) => ({ id, documentName: benchDocumentName(PREFIX, id) }));
  await fleet.connect(relay, writers);
  for (let start = 0; start < documents; start += 50) {
    const batch = writers.slice(start, start + 50);
    await Promise.all(batch.map((writer) => fleet.append(writer.id, noteText(writer.id))));
  }
  await fleet.disconnect(writers.map((writer) => writer.id));
  await waitForNoDocuments(relay);
}

const WORDS = 'local first notes relay index version vault search editor paragraph sync offline merge'.split(' ');

/** PARAGRAPHS paragraphs of PARAGRAPH_CHARS characters of words, different for every note. */
function noteText(note: number): string[] {
  let seed = note + 1;
  const nextWord = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return `${WORDS[seed % WORDS.length]}${seed % 97}`;
  };
  return Array.from({ length: PARAGRAPHS }, () => {
    let paragraph = '';
    while (paragraph.length < PARAGRAPH_CHARS) paragraph += `${nextWord()} `;
    return paragraph.slice(0, PARAGRAPH_CHARS);
  });
}

/**
 * The many-document rows of Baalda's relay beside bare Hocuspocus's, the same clients and edits, one run; and
 * the restarted relay's memory on PostgreSQL too when `postgresAdminUrl` names a server.
 */
export async function manyDocumentsAgainstBare(
  documents = 1000,
  seconds = 15,
  snapshotDir?: string,
  postgresAdminUrl = process.env.BAALDA_BENCH_DATABASE_URL,
): Promise<BenchRow[]> {
  const report = await measureManyDocuments(documents, seconds, snapshotDir, 'baalda');
  const onPostgres = postgresAdminUrl ? await measureRestartedOnPostgres(documents, postgresAdminUrl) : null;
  const bareDir = snapshotDir && join(snapshotDir, 'bare');
  if (bareDir) await mkdir(bareDir, { recursive: true });
  const bare = manyDocumentsRows(await measureManyDocuments(documents, seconds, bareDir, 'bare'));
  return withPostgresRestartRow(compareRows(manyDocumentsRows(report), bare), documents, onPostgres);
}

/** The report as rows of the bench table. */
export function manyDocumentsRows(report: ManyDocumentsReport): Array<[string, string]> {
  const { documents, idle, loaded, oneClientEach, timed } = report;
  const perNote = (bytes: number) => `${(bytes / documents / 1024).toFixed(1)} KiB`;
  const notes = documents.toLocaleString('en');
  const at = `${notes} notes of ${report.noteChars / 1000}k chars`;
  return [
    [`relay heap per idle loaded note, 2 clients each (${at})`, perNote(loaded.heapUsed - idle.heapUsed)],
    [`relay RSS per idle loaded note, 2 clients each (${at})`, perNote(loaded.rss - idle.rss)],
    [`relay heap per loaded note with 1 client (${at})`, perNote(oneClientEach.heapUsed - idle.heapUsed)],
    [`relay heap per second client of a note (${at})`, perNote(loaded.heapUsed - oneClientEach.heapUsed)],
    [`relay external + array buffers per loaded note (${at})`, perNote(loaded.external - idle.external)],
    [`encoded Yjs state per loaded note (${at})`, perNote(loaded.stateBytes)],
    [`relay heap / RSS, ${notes} notes stored, none loaded (after writing them)`, mebibytes(idle)],
    [restartedRowName(documents, 'PGlite'), mebibytes(report.restarted)],
    [`relay heap / RSS, all loaded with 2 clients each`, mebibytes(loaded)],
    ...timedEditRows(
      `fan-out, ${notes} notes × 2 clients, ${timed.editsPerSecond} edits/s on random notes (${timed.stats.edits} edits)`,
      timed,
    ),
  ];
}

function restartedRowName(documents: number, backend: string): string {
  return `relay heap / RSS, ${documents.toLocaleString('en')} notes stored, none loaded (restarted on them, ${backend})`;
}

/** `rows` with the PostgreSQL restart's reading (or why there is none) right after PGlite's. */
function withPostgresRestartRow(rows: BenchRow[], documents: number, reading: MemoryReading | null): BenchRow[] {
  const value = reading ? mebibytes(reading) : 'not measured: no --postgres or BAALDA_BENCH_DATABASE_URL';
  const pglite = rows.findIndex(([name]) => name.startsWith(restartedRowName(documents, 'PGlite')));
  const at = pglite < 0 ? rows.length : pglite + 1;
  return [...rows.slice(0, at), [restartedRowName(documents, 'PostgreSQL'), value], ...rows.slice(at)];
}

function mebibytes(reading: MemoryReading): string {
  return `${(reading.heapUsed / 2 ** 20).toFixed(1)} MiB / ${(reading.rss / 2 ** 20).toFixed(1)} MiB`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const documents = Number(flagValue(args, '--documents', '1000'));
  const seconds = Number(flagValue(args, '--seconds', '15'));
  const snapshotDir = flagValue(args, '--heap-snapshots', '') || undefined;
  const postgres = flagValue(args, '--postgres', process.env.BAALDA_BENCH_DATABASE_URL ?? '') || undefined;
  printRows(await manyDocumentsAgainstBare(documents, seconds, snapshotDir, postgres));
}
