// `npx tsx bench/semanticImport.ts [--rounds 3]`: whether the relay stays responsive while it embeds a
// 5,000-note import. Fan-out on one note (30 clients, 20 edits/s) is timed on an idle relay that computes
// meaning, then on a fresh one while the 5,000 notes it was just given are embedded in its worker thread.
import { pathToFileURL } from 'node:url';
import { flagValue, withOneNoteFanout } from './fanout';
import { benchDocId, createBenchNotes } from './load/benchNotes';
import { sleep } from './load/editLoad';
import { medianRound } from './load/medianRound';
import type { MeasuredRelay } from './load/relayProcess';
import type { TimedEdits } from './load/timedEdits';
import { runEdits, writeParagraphs } from './retrieval/relayLoader';
import { readCorpus } from './retrieval/runRetrieval';

const CLIENTS = 30;
const IMPORTED = 5000;
const SECONDS = 15;
/** BEN7, as for the fan-out rows: one idle and one embedding relay per round; the median rounds are reported. */
export const IMPORT_ROUNDS = 3;

/** One relay's timed fan-out, and how many imported notes still waited for meaning before and after. */
interface ImportPhase {
  readonly timed: TimedEdits;
  readonly waitingAtStart: number;
  readonly waitingAtEnd: number;
}

/** Every round's idle and embedding phases. */
export interface ImportResponsiveness {
  readonly idle: readonly ImportPhase[];
  readonly embedding: readonly ImportPhase[];
}

/**
 * BEN7: `rounds` rounds of an idle relay and an embedding one, which goes first alternating, so a machine
 * that slows down or speeds up meanwhile weighs on both.
 */
export async function measureImportResponsiveness(rounds = IMPORT_ROUNDS): Promise<ImportResponsiveness> {
  const idle: ImportPhase[] = [];
  const embedding: ImportPhase[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const idleFirst = round % 2 === 0;
    if (idleFirst) idle.push(await timeIdle());
    embedding.push(await timeWhileEmbedding());
    if (!idleFirst) idle.push(await timeIdle());
  }
  return { idle, embedding };
}

function timeIdle(): Promise<ImportPhase> {
  return withOneNoteFanout(CLIENTS, { semantic: true }, async (_relay, time) => ({
    timed: await time(SECONDS),
    waitingAtStart: 0,
    waitingAtEnd: 0,
  }));
}

function timeWhileEmbedding(): Promise<ImportPhase> {
  return withOneNoteFanout(CLIENTS, { semantic: true }, async (relay, time) => {
    await importNotes(relay);
    const waitingAtStart = await relay.semanticWaiting();
    const timed = await time(SECONDS);
    return { timed, waitingAtStart, waitingAtEnd: await relay.semanticWaiting() };
  });
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

/** The report as rows of the bench table: each phase's median round by p95, then every round's p95. */
export function importRows(report: ImportResponsiveness): Array<[string, string]> {
  const p95 = (phase: ImportPhase) => phase.timed.stats.p95;
  const idle = medianRound(report.idle, p95);
  const embedding = medianRound(report.embedding, p95);
  const label = `fan-out p95, 1 note × ${CLIENTS} clients, 20 edits/s`;
  const eachRound = (phases: readonly ImportPhase[]) => phases.map((phase) => p95(phase).toFixed(1)).join(', ');
  return [
    [`${label}, idle relay computing meaning (median round)`, `${p95(idle).toFixed(1)} ms`],
    [
      `${label}, while embedding a ${IMPORTED.toLocaleString('en')}-note import (median round)`,
      `${p95(embedding).toFixed(1)} ms (${(p95(embedding) / p95(idle)).toFixed(2)}× idle; ${embedding.waitingAtStart} → ${embedding.waitingAtEnd} notes waiting)`,
    ],
    [
      `${label}: p95 of each of ${report.idle.length} rounds, ms — embedding / idle`,
      `${eachRound(report.embedding)} / ${eachRound(report.idle)}`,
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { printRows } = await import('./fanout');
  const rounds = Number(flagValue(process.argv.slice(2), '--rounds', String(IMPORT_ROUNDS)));
  printRows(importRows(await measureImportResponsiveness(rounds)));
}
