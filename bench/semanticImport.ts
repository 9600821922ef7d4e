// `npx tsx bench/semanticImport.ts`: whether the relay stays responsive while it embeds a 5,000-note import.
// Fan-out on one note (30 clients, 20 edits/s) is timed on an idle relay that computes meaning, then on a
// fresh one while the 5,000 notes it was just given are embedded in its worker thread.
import { pathToFileURL } from 'node:url';
import { benchDocId, benchDocumentName, createBenchNotes } from './load/benchNotes';
import { ClientFleet } from './load/clientFleet';
import { sleep } from './load/editLoad';
import { type MeasuredRelay, startMeasuredRelay } from './load/relayProcess';
import { type TimedEdits, timeEdits } from './load/timedEdits';
import { runEdits, writeParagraphs } from './retrieval/relayLoader';
import { readCorpus } from './retrieval/runRetrieval';

const CLIENTS = 30;
const IMPORTED = 5000;
const SECONDS = 15;

/** Fan-out p95 idle and while embedding, and how many notes still waited when the timing ended. */
export interface ImportResponsiveness {
  readonly idle: TimedEdits;
  readonly embedding: TimedEdits;
  readonly waitingAtStart: number;
  readonly waitingAtEnd: number;
}

export async function measureImportResponsiveness(): Promise<ImportResponsiveness> {
  const idle = await withFanout(async (_relay, time) => time());
  let waitingAtStart = 0;
  let waitingAtEnd = 0;
  const embedding = await withFanout(async (relay, time) => {
    await importNotes(relay);
    waitingAtStart = await relay.semanticWaiting();
    const timed = await time();
    waitingAtEnd = await relay.semanticWaiting();
    return timed;
  });
  return { idle, embedding, waitingAtStart, waitingAtEnd };
}

async function withFanout(
  phase: (relay: MeasuredRelay, time: () => Promise<TimedEdits>) => Promise<TimedEdits>,
): Promise<TimedEdits> {
  const relay = await startMeasuredRelay({ semantic: true });
  const fleet = ClientFleet.start(2);
  try {
    await createBenchNotes(relay, 'fanout', 1);
    const documentName = benchDocumentName('fanout', 0);
    await fleet.connect(
      relay,
      Array.from({ length: CLIENTS }, (_, id) => ({ id, documentName })),
    );
    return await phase(relay, () =>
      timeEdits(relay, fleet, {
        editsPerSecond: 20,
        seconds: SECONDS,
        pickClient: () => Math.floor(Math.random() * CLIENTS),
        receiversOf: () => CLIENTS - 1,
      }),
    );
  } finally {
    await fleet.stop();
    await relay.stop();
  }
}

// An import as the CLI does it: every note created, then its text written over its own sync session.
async function importNotes(relay: MeasuredRelay): Promise<void> {
  await createBenchNotes(relay, 'imported', IMPORTED);
  const notes = readCorpus().notes;
  await runEdits(
    relay,
    Array.from({ length: IMPORTED }, (_, index) => ({
      docId: benchDocId('imported', index),
      edit: writeParagraphs(notes[index % notes.length]?.text ?? ['empty']),
    })),
  );
  // The relay stores what it was sent after its debounce; the backlog fills as it does.
  await sleep(3000);
}

/** The report as rows of the bench table. */
export function importRows(report: ImportResponsiveness): Array<[string, string]> {
  const idle = report.idle.stats.p95;
  const embedding = report.embedding.stats.p95;
  const label = `fan-out p95, 1 note × ${CLIENTS} clients, 20 edits/s`;
  return [
    [`${label}, idle relay computing meaning`, `${idle.toFixed(1)} ms`],
    [
      `${label}, while embedding a ${IMPORTED.toLocaleString('en')}-note import`,
      `${embedding.toFixed(1)} ms (${(embedding / idle).toFixed(2)}× idle; ${report.waitingAtStart} → ${report.waitingAtEnd} notes waiting)`,
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printRows } = await import('./fanout');
  printRows(importRows(await measureImportResponsiveness()));
}
