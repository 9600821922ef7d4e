// `npx tsx bench/semanticImport.ts`: whether the relay stays responsive while it embeds a 5,000-note import.
// Fan-out on one note (30 clients, 20 edits/s) is timed on an idle relay that computes meaning, then on a
// fresh one while the 5,000 notes it was just given are embedded in its worker thread.
import { pathToFileURL } from 'node:url';
import { withOneNoteFanout } from './fanout';
import { benchDocId, createBenchNotes } from './load/benchNotes';
import { sleep } from './load/editLoad';
import type { MeasuredRelay } from './load/relayProcess';
import type { TimedEdits } from './load/timedEdits';
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
  const idle = await withOneNoteFanout(CLIENTS, { semantic: true }, (_relay, time) => time(SECONDS));
  let waitingAtStart = 0;
  let waitingAtEnd = 0;
  const embedding = await withOneNoteFanout(CLIENTS, { semantic: true }, async (relay, time) => {
    await importNotes(relay);
    waitingAtStart = await relay.semanticWaiting();
    const timed = await time(SECONDS);
    waitingAtEnd = await relay.semanticWaiting();
    return timed;
  });
  return { idle, embedding, waitingAtStart, waitingAtEnd };
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
