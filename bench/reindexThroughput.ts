import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashedEmbedder } from '@baalda/core';
import {
  appendParagraph,
  createPrismaNoteStore,
  createVaultService,
  type Database,
  openDatabase,
  SearchIndexes,
} from 'baalda-relay/testing';
import * as Y from 'yjs';
import { defineBench } from './harness/benchDefinition';
import { mebibytes } from './harness/measurement';

/** What a full reindex (IDX5) cost. */
export interface ReindexMeasure {
  readonly notesPerSecond: number;
  /**
   * The most JavaScript memory (heap and array buffers) the process held above its level before the
   * reindex, sampled after every batch: both search generations, the batch in flight and garbage not
   * yet collected. PGlite's own memory is not in it.
   */
  readonly peakHeldBytes: number;
}

const now = () => new Date(Date.UTC(2026, 10, 30));
const docIdOf = (note: number) => `benchReindex_${String(note).padStart(10, '0')}`;

/** Notes per second for a full reindex (IDX5) of `notes` stored documents of ~150 words, on PGlite. */
export async function measureReindexThroughput(notes: number): Promise<number> {
  return (await measureReindex(notes)).notesPerSecond;
}

/** A full reindex (IDX5) of `notes` stored documents of ~150 words, on PGlite: speed and memory held. */
export async function measureReindex(notes: number): Promise<ReindexMeasure> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-reindex-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await storeNotes(database, notes);
    // Rows so far carry no vectors (as after an upgrade), so the reindex rewrites every one of them.
    const indexes = await SearchIndexes.open(database.prisma, hashedEmbedder);
    const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const before = held();
    let peak = before;
    const started = performance.now();
    const result = await indexes.reindex(hashedEmbedder, now, () => {
      peak = Math.max(peak, held());
    });
    return { notesPerSecond: result.done / ((performance.now() - started) / 1000), peakHeldBytes: peak - before };
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function storeNotes(database: Database, notes: number): Promise<void> {
  const vaults = createVaultService(database.prisma, () => {});
  const store = createPrismaNoteStore(database.prisma);
  for (let start = 0; start < notes; start += 100) {
    const ops = Array.from({ length: Math.min(100, notes - start) }, (_, offset) => ({
      opId: `benchReindexOp_${String(start + offset).padStart(10, '0')}`,
      kind: 'createNote' as const,
      docId: docIdOf(start + offset),
      path: `Bench/Note ${start + offset}.md`,
      createdAt: now().getTime(),
    }));
    await vaults.applyOps('default', ops, now());
  }
  for (let note = 0; note < notes; note += 1) {
    const doc = new Y.Doc();
    appendParagraph(doc, Array.from({ length: 150 }, (_, word) => `word${(note * 7 + word * 13) % 3000}`).join(' '));
    await store.storeState(docIdOf(note), Y.encodeStateAsUpdate(doc), now());
  }
}

/** `reindex`: a full reindex of 5,000 stored notes. */
export const reindexBench = defineBench({
  name: 'reindex',
  description: 'full reindex (IDX5) of 5,000 stored notes on PGlite: notes a second and the most memory held',
  flags: {},
  inDefaultRun: true,
  run: async () => {
    const reindex = await measureReindex(5000);
    return [
      { name: 'full reindex, 5,000 stored notes (PGlite)', unit: 'notes/s', value: reindex.notesPerSecond },
      { name: 'full reindex, most memory held while rebuilding', unit: 'MiB', value: mebibytes(reindex.peakHeldBytes) },
    ];
  },
});
