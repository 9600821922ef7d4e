import { type Embedder, sourceVersionOf } from '@baalda/core';
import * as Y from 'yjs';
import { extractPlainText } from '../documents/plainText';
import type { PrismaClient } from '../generated/prisma/client';
import type { IndexPlacementListener } from '../vault/vaultService';
import { writeIndexedContent } from './indexStore';
import { type IndexPlace, SearchIndex } from './searchIndex';
import { loadSearchIndex, type SearchRequest, searchNotes } from './searchService';

interface Generation {
  readonly embedder: Embedder;
  readonly index: SearchIndex;
}

/** Progress of a reindex, reported after every batch. */
export interface ReindexProgress {
  readonly done: number;
  readonly total: number;
}

const BATCH = 200;

/**
 * The relay's search copies (SRCH4) and how they change: the active generation answers searches; during
 * a reindex (IDX5) a second generation is built from the stored documents with the chosen embedder while
 * the first keeps serving, both hear every write, and the new one takes over in one step at the end.
 */
export class SearchIndexes implements IndexPlacementListener {
  private active: Generation;
  private building: Generation | null = null;

  private constructor(
    private readonly prisma: PrismaClient,
    active: Generation,
  ) {
    this.active = active;
  }

  /** Loads the active generation from `note_index`. */
  static async open(prisma: PrismaClient, embedder: Embedder): Promise<SearchIndexes> {
    const index = new SearchIndex(embedder.name, embedder.dimensions);
    await loadSearchIndex(prisma, index);
    return new SearchIndexes(prisma, { embedder, index });
  }

  get activeEmbedder(): Embedder {
    return this.active.embedder;
  }

  search(request: SearchRequest): ReturnType<typeof searchNotes> {
    return searchNotes(this.active.index, this.active.embedder, request);
  }

  setPlace(docId: string, place: IndexPlace): void {
    for (const generation of this.generations()) generation.index.setPlace(docId, place);
  }

  remove(docId: string): void {
    for (const generation of this.generations()) generation.index.remove(docId);
  }

  /** IDX1/IDX2: writes a note's current text to its row (with the newest embedder) and to every copy. */
  async writeContent(docId: string, content: string, version: number, now: Date): Promise<void> {
    const target = this.building ?? this.active;
    const written = await writeIndexedContent(this.prisma, target.embedder, { docId, content, version }, now);
    if (!written.changed) return;
    target.index.setContent(docId, written.vector, version, written.placeIfNew);
    // While a reindex runs, the serving copy keeps its own embedder's vectors (never mixed, EMB1).
    if (target !== this.active)
      this.active.index.setContent(docId, this.active.embedder.embed(content), version, written.placeIfNew);
  }

  /** IDX5: rebuilds every row from the stored documents with `embedder`, without stopping search. */
  async reindex(
    embedder: Embedder,
    now: () => Date,
    onProgress: (progress: ReindexProgress) => void,
  ): Promise<ReindexProgress> {
    if (this.building) throw new Error('A reindex is already running.');
    const index = new SearchIndex(embedder.name, embedder.dimensions);
    this.building = { embedder, index };
    try {
      await loadSearchIndex(this.prisma, index);
      const docIds = (
        await this.prisma.noteDocument.findMany({ select: { docId: true }, orderBy: { docId: 'asc' } })
      ).map((row) => row.docId);
      for (let start = 0; start < docIds.length; start += BATCH) {
        await this.reindexBatch(docIds.slice(start, start + BATCH), now());
        onProgress({ done: Math.min(start + BATCH, docIds.length), total: docIds.length });
      }
      this.active = this.building;
      return { done: docIds.length, total: docIds.length };
    } finally {
      this.building = null;
    }
  }

  private async reindexBatch(docIds: readonly string[], now: Date): Promise<void> {
    const rows = await this.prisma.noteDocument.findMany({ where: { docId: { in: [...docIds] } } });
    for (const row of rows) {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, new Uint8Array(row.state));
      await this.writeContent(
        row.docId,
        extractPlainText(doc),
        sourceVersionOf(Y.decodeStateVector(Y.encodeStateVector(doc))),
        now,
      );
      doc.destroy();
    }
  }

  private generations(): Generation[] {
    return this.building ? [this.active, this.building] : [this.active];
  }
}
