import { type Embedder, extractPlainText, sourceVersionOf } from '@baalda/core';
import * as Y from 'yjs';
import type { PrismaClient } from '../generated/prisma/client';
import type { IndexPlacementListener } from '../vault/vaultService';
import { type IndexedContent, writeIndexedContent, writeIndexedContents } from './indexStore';
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
    await this.writeContents([{ docId, content, version }], now);
  }

  private async writeContents(batch: readonly IndexedContent[], now: Date): Promise<void> {
    const target = this.building ?? this.active;
    const writes =
      batch.length === 1 && batch[0]
        ? [await writeIndexedContent(this.prisma, target.embedder, batch[0], now)]
        : await writeIndexedContents(this.prisma, target.embedder, batch, now);
    for (const [position, written] of writes.entries()) {
      const item = batch[position];
      if (!item || !written.changed) continue;
      target.index.setContent(item.docId, written.vector, item.version, written.placeIfNew);
      // While a reindex runs, the serving copy keeps its own embedder's vectors (never mixed, EMB1).
      if (target !== this.active) {
        this.active.index.setContent(
          item.docId,
          this.active.embedder.embed(item.content),
          item.version,
          written.placeIfNew,
        );
      }
    }
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
    const batch = rows.map((row) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, new Uint8Array(row.state));
      const item = {
        docId: row.docId,
        content: extractPlainText(doc),
        version: sourceVersionOf(Y.decodeStateVector(Y.encodeStateVector(doc))),
      };
      doc.destroy();
      return item;
    });
    await this.writeContents(batch, now);
  }

  private generations(): Generation[] {
    return this.building ? [this.active, this.building] : [this.active];
  }
}
