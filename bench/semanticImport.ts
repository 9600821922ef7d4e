// `npm run bench -- --only semantic-import [--rounds 3]`: whether the relay stays responsive while it embeds a
// 5,000-note import. Fan-out on one note (30 clients, 20 edits/s) is timed on an idle relay that computes
// meaning, then on a fresh one while the 5,000 notes it was just given are embedded in its worker thread.
import { withOneNoteFanout } from './fanout';
import { defineBench, wholeNumber } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { benchDocId, createBenchNotes } from './load/benchNotes';
import { sleep } from './load/editLoad';
import { medianRound } from './load/medianRound';
import type { MeasuredRelay } from './load/relayProcess';
import type { TimedEdits } from './load/timedEdits';
import { readCorpus } from './retrieval/corpusFile';
import { runEdits, writeParagraphs } from './retrieval/relayLoader';

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

/**
 * The report as measurements: each side's median round by p95, every round's p95 as its samples; the idle
 * relay is the embedding one's baseline.
 */
export function importMeasurements(report: ImportResponsiveness): Measurement[] {
  const p95 = (phase: ImportPhase) => phase.timed.stats.p95;
  const idle = medianRound(report.idle, p95);
  const embedding = medianRound(report.embedding, p95);
  const label = `fan-out p95, 1 note × ${CLIENTS} clients, 20 edits/s`;
  return [
    {
      name: `${label}, idle relay computing meaning (median round)`,
      unit: 'ms',
      value: p95(idle),
      samples: report.idle.map(p95),
    },
    {
      name: `${label}, while embedding a ${IMPORTED.toLocaleString('en')}-note import (median round)`,
      unit: 'ms',
      value: p95(embedding),
      samples: report.embedding.map(p95),
      baseline: { label: 'idle', value: p95(idle) },
      target: '≤ 1.5× idle',
      note: `${embedding.waitingAtStart} → ${embedding.waitingAtEnd} notes waiting`,
    },
  ];
}

/** `semantic-import`: fan-out while a 5,000-note import is embedded, against an idle relay (BEN7 rounds). */
export const semanticImportBench = defineBench({
  name: 'semantic-import',
  description: 'fan-out p95 (30 clients, 20 edits/s) while a 5,000-note import is embedded, against idle, in rounds',
  flags: {
    rounds: {
      type: 'string',
      description: 'rounds of idle and embedding relays (BEN7)',
      default: String(IMPORT_ROUNDS),
    },
  },
  inDefaultRun: true,
  check: ({ rounds }) => void wholeNumber(rounds, 'rounds'),
  run: async ({ rounds }) => importMeasurements(await measureImportResponsiveness(wholeNumber(rounds, 'rounds'))),
});
