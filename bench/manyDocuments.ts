// What the `many-documents` bench measures (manyDocumentsBench.ts): 1,000 notes of 10 KB loaded in one relay,
// its memory idle, loaded and restarted, and fan-out on random notes; with a snapshot folder, the relay's heap
// at each of the three readings. The PostgreSQL restart needs a server where the URL's role may create
// databases. With an arena limit, each restart is read once more, restarted again on the same notes with
// glibc's MALLOC_ARENA_MAX=N, as README's "Memory" asks a Linux server to run.
import { join } from 'node:path';
import { arenaLimitEnv } from './load/arenaLimit';
import { benchDocumentName, createBenchNotes } from './load/benchNotes';
import { ClientFleet } from './load/clientFleet';
import { sleep } from './load/editLoad';
import { type MeasuredRelay, type ServerKind, startMeasuredRelay, waitForNoDocuments } from './load/relayProcess';
import type { MemoryReading } from './load/relayProtocol';
import { type TimedEdits, timeEdits } from './load/timedEdits';

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
  /** Restarted once more with MALLOC_ARENA_MAX=`arenas`, when asked for. */
  readonly restartedArenaLimited?: ArenaLimitedReading;
  /** 20 edits a second on random notes, each timed to the note's other client. */
  readonly timed: TimedEdits;
}

/** A restart's reading with glibc's malloc limited to `arenas` arenas. */
export interface ArenaLimitedReading {
  readonly arenas: number;
  readonly reading: MemoryReading;
}

/** What a many-document run measures beyond its defaults. */
export interface ManyDocumentsOptions {
  readonly documents?: number;
  readonly seconds?: number;
  readonly snapshotDir?: string;
  /** Also read each restart with MALLOC_ARENA_MAX set to this (the relay only: bare Hocuspocus keeps nothing). */
  readonly arenaMax?: number;
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
  options: ManyDocumentsOptions = {},
  kind: ServerKind = 'baalda',
): Promise<ManyDocumentsReport> {
  const { documents = 1000, seconds = 15, snapshotDir } = options;
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
    const arenaMax = kind === 'baalda' ? options.arenaMax : undefined;
    let restartedArenaLimited: ArenaLimitedReading | undefined;
    if (arenaMax) ({ relay, limited: restartedArenaLimited } = await restartArenaLimited(relay, arenaMax));
    const noteChars = PARAGRAPHS * PARAGRAPH_CHARS;
    return { documents, noteChars, idle, loaded, oneClientEach, restarted, restartedArenaLimited, timed };
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
 * Restarts the relay on its notes with MALLOC_ARENA_MAX=`arenas` and reads it before anyone opens one; the
 * new process is the relay from then on (the caller stops that one).
 */
async function restartArenaLimited(
  relay: MeasuredRelay,
  arenas: number,
): Promise<{ relay: MeasuredRelay; limited: ArenaLimitedReading }> {
  const restarted = await relay.restart(arenaLimitEnv(arenas));
  return { relay: restarted, limited: { arenas, reading: await readIdle(restarted) } };
}

/** The relay's restarted readings on PostgreSQL: as `npm start` runs it, and arena-limited when asked for. */
export interface PostgresRestarts {
  readonly restarted: MemoryReading;
  readonly arenaLimited?: ArenaLimitedReading;
}

/**
 * The relay restarted on the same notes stored in PostgreSQL, before anyone opens one: the restarted reading
 * of measureManyDocuments on the other backend. A database of its own on `adminUrl`'s server, dropped after.
 */
export async function measureRestartedOnPostgres(
  documents: number,
  adminUrl: string,
  arenaMax?: number,
): Promise<PostgresRestarts> {
  let relay = await startMeasuredRelay({ database: { kind: 'postgres', adminUrl } });
  const fleet = ClientFleet.start(2);
  try {
    await storeNotes(relay, fleet, documents);
    relay = await relay.restart();
    const restarted = await readIdle(relay);
    if (!arenaMax) return { restarted };
    let arenaLimited: ArenaLimitedReading;
    ({ relay, limited: arenaLimited } = await restartArenaLimited(relay, arenaMax));
    return { restarted, arenaLimited };
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
