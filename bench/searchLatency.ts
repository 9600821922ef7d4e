import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { hashedEmbedder, quantizeVectors } from '@baalda/core';
import { type IndexPlace, optimizeOnlyHotWasm, SearchIndex, searchNotes, seededRandom } from 'baalda-relay/testing';
import { defineBench } from './harness/benchDefinition';
import { type Measurement, mebibytes } from './harness/measurement';
import { percentile } from './stats';

// A fixed vocabulary and a seeded generator, so every run scores the same corpus.
const WORDS = Array.from({ length: 5000 }, (_, index) => `w${index.toString(36)}`);

/** What the search bench reports for one corpus size. */
export interface SearchLatency {
  readonly p50: number;
  readonly p95: number;
  /** The column-major vectors alone. */
  readonly vectorBytes: number;
  /** Everything the search copy holds (vectors, inverted index, rows): the heap with it less the heap without it. */
  readonly heldBytes: number;
  /** One note's edit (20 words appended) written into the copy, as a store cycle writes it: ms. */
  readonly edit: { readonly p50: number; readonly p95: number };
  /**
   * With meaning: queries whose words no note holds (a paraphrase's case), so every note is compared with
   * the query's vector (HYB4): ms.
   */
  readonly meaningAlone?: { readonly p50: number; readonly p95: number };
}

// Memory is measured after full collections; V8 only exposes `gc` behind a flag, set here at run time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// Two collections: the typed arrays a collection finds dead keep their bytes (counted in `arrayBuffers`)
// until the next one; after one only, the same 10,000-note copy read from 7 to 35 MiB.
function heapBytes(): number {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * Store-level search latency (SRCH1/SRCH4) over `notes` synthetic notes of ~200 words each. The
 * vocabulary is 5,000 words drawn with a steep skew, so most queries hold words found in most notes:
 * the slow case for an inverted index.
 */
export function measureSearchLatency(notes: number, queries = 200, semantic = false): SearchLatency {
  // WebAssembly tiers up as in the relay, which sets this budget when it opens its database (DB8): whether
  // this bench had started a relay before, or had not, used to decide which tier the vectors were compared in.
  optimizeOnlyHotWasm();
  const next = seededRandom(notes);
  const word = () => WORDS[Math.floor(next() ** 2 * WORDS.length)] ?? 'w0';
  // The notes the edits go to keep their text here (every note's would be ~100 MB at 100k notes).
  const edited = new Map<string, { place: IndexPlace; text: string }>();
  const copy: { index?: SearchIndex } = { index: buildCopy(notes, semantic, next, word, edited) };
  // What the copy holds is the heap with it less the heap once it is gone, both after full collections: what
  // the first run in a process allocates for good (compiled code, module state) counts in neither. Measured
  // from before the copy was built, it swung from 11 to 34 MiB for the same 10,000 notes in one process.
  const heapWithCopy = heapBytes();
  const measured = measureCopy(copy.index as SearchIndex, queries, semantic, next, word, edited);
  copy.index = undefined;
  // The semantic vectors live in WebAssembly memory (SEMV8), which the heap reading does not count.
  const heldBytes = heapWithCopy - heapWithout(copy) + measured.semanticBytes;
  const { samples, vectorBytes, edit, meaningAlone } = measured;
  return { p50: percentileOf(samples, 50), p95: percentileOf(samples, 95), vectorBytes, heldBytes, edit, meaningAlone };
}

// Searches, then edits; apart from the caller, so that no local of its keeps the copy once it lets it go.
function measureCopy(
  index: SearchIndex,
  queries: number,
  semantic: boolean,
  next: () => number,
  word: () => string,
  edited: ReadonlyMap<string, { place: IndexPlace; text: string }>,
) {
  const samples = timeSearches(index, queries, semantic, next, () => `${word()} ${word()} ${word()}`);
  const meaningAlone = semantic ? timeMeaningAlone(index, queries, next) : undefined;
  const semanticBytes = index.semantic.bytes;
  const vectorBytes = index.vectorBytes + semanticBytes;
  return { samples, semanticBytes, vectorBytes, edit: measureEdits(index, edited, word), meaningAlone };
}

// The heap once `copy` no longer holds the index.
function heapWithout(copy: { index?: SearchIndex }): number {
  if (copy.index) throw new Error('the search copy is still held');
  return heapBytes();
}

function buildCopy(
  notes: number,
  semantic: boolean,
  next: () => number,
  word: () => string,
  edited: Map<string, { place: IndexPlace; text: string }>,
): SearchIndex {
  const encoder = semantic ? { name: 'bench-meaning-512', dimensions: SEMANTIC_DIMENSIONS } : null;
  const index = new SearchIndex(hashedEmbedder.name, hashedEmbedder.dimensions, encoder);
  for (let note = 0; note < notes; note += 1) {
    const docId = `benchNote_${String(note).padStart(10, '0')}`;
    const place = { vaultId: 'default', path: `Folder ${note % 50}/Note ${note} ${word()}.md`, live: true };
    index.setPlace(docId, place);
    const text = Array.from({ length: 200 }, word).join(' ');
    index.setContent(docId, hashedEmbedder.embed(text), 1, place, text);
    if (note % Math.max(1, Math.floor(notes / EDITED_NOTES)) === 0) edited.set(docId, { place, text });
    // A ~200-word note has its whole vector and two sections (SEMV2).
    if (semantic)
      index.setSemantic(
        docId,
        quantizeVectors(
          [1, 2, 3].map(() => randomUnitVector(next)),
          512,
        ),
        1,
      );
  }
  return index;
}

/** Times `queries` searches of `queryText()`'s text, each with a random meaning vector when `semantic`. */
function timeSearches(
  index: SearchIndex,
  queries: number,
  semantic: boolean,
  next: () => number,
  queryText: () => string,
): number[] {
  const samples: number[] = [];
  // A relay answers with warm code: the first queries, which compile it, are run but not counted.
  for (let query = -WARM_UP_QUERIES; query < queries; query += 1) {
    const text = queryText();
    const meaning = semantic ? randomUnitVector(next) : undefined;
    const started = performance.now();
    searchNotes(index, hashedEmbedder, { query: text, vaultId: 'default', hidden: [], limit: 10 }, meaning);
    if (query >= 0) samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * HYB4: two words of letters no note holds (the corpus's words are `w` and base-36 digits; a term with a digit
 * would be an identifier, looked up by its words alone), with a meaning vector.
 */
function timeMeaningAlone(index: SearchIndex, queries: number, next: () => number): { p50: number; p95: number } {
  const absentWord = () =>
    `q${Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('')}`;
  const samples = timeSearches(index, queries, true, next, () => `${absentWord()} ${absentWord()}`);
  return { p50: percentileOf(samples, 50), p95: percentileOf(samples, 95) };
}

/**
 * LEX2: each edited note gets 20 words appended, and the whole text is written into the copy (hashed vector,
 * inverted index), as the index extension does after a store.
 */
function measureEdits(
  index: SearchIndex,
  edited: ReadonlyMap<string, { place: IndexPlace; text: string }>,
  word: () => string,
): { p50: number; p95: number } {
  const samples: number[] = [];
  let version = 2;
  for (const [docId, { place, text }] of edited) {
    const longer = `${text} ${Array.from({ length: 20 }, word).join(' ')}`;
    const started = performance.now();
    index.setContent(docId, hashedEmbedder.embed(longer), version, place, longer);
    samples.push(performance.now() - started);
    version += 1;
  }
  return { p50: percentileOf(samples, 50), p95: percentileOf(samples, 95) };
}

function percentileOf(samples: number[], p: number): number {
  return percentile(
    samples.sort((a, b) => a - b),
    p,
  );
}

const EDITED_NOTES = 200;

const SEMANTIC_DIMENSIONS = 512;
const WARM_UP_QUERIES = 50;

// Meaning vectors' statistics don't change the cost of scoring them; random unit vectors stand in.
function randomUnitVector(next: () => number): Float32Array {
  const vector = Float32Array.from({ length: SEMANTIC_DIMENSIONS }, () => next() * 2 - 1);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

/** `search-latency`: the store-level search rows at 10,000 and 100,000 notes, words only. */
export const searchLatencyBench = defineBench({
  name: 'search-latency',
  description: 'store-level search at 10,000 and 100,000 notes: queries, an edit written into the copy, what it holds',
  flags: {},
  inDefaultRun: true,
  run: async () =>
    [10_000, 100_000].flatMap((notes): Measurement[] => {
      const search = measureSearchLatency(notes);
      const at = `${notes.toLocaleString('en')} notes`;
      return [
        { name: `search, ${at}, store-level p50`, unit: 'ms', value: search.p50 },
        { name: `search, ${at}, store-level p95`, unit: 'ms', value: search.p95 },
        { name: `edit written into the search copy, ${at}, p50`, unit: 'ms', value: search.edit.p50 },
        { name: `edit written into the search copy, ${at}, p95`, unit: 'ms', value: search.edit.p95 },
        { name: `search vectors held, ${at}`, unit: 'MiB', value: mebibytes(search.vectorBytes) },
        { name: `search structures held in all, ${at}`, unit: 'MiB', value: mebibytes(search.heldBytes) },
      ];
    }),
});
