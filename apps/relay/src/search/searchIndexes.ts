import type { Embedder, SentenceEncoder } from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import { type EmbeddedContent, type PlacedContent, writeEmbeddedContents, writeIndexedContent } from './indexStore';
import { type IndexPlace, SearchIndex } from './searchIndex';
import {
  checkSearchRequest,
  loadSearchIndex,
  reloadSearchRows,
  type SearchAnswer,
  type SearchRequest,
  searchNotes,
} from './searchService';
import { QueryMeanings } from './semantic/queryMeanings';
import { type ComputedVectors, readCurrentSemantic } from './semantic/semanticStore';
import { countStoredDocuments, readStoredContents } from './storedContents';

/** Hears every committed change to index rows' places (the in-memory search copy, SRCH4). */
export interface IndexPlacementListener {
  setPlace(docId: string, place: { vaultId: string; path: string; live: boolean }): void;
  remove(docId: string): void;
}

/** A sentence encoder that can put a query ahead of waiting batches. */
export type QueryEncoder = SentenceEncoder & { embedQuery(text: string): Promise<Float32Array> };

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

function embedContents(embedder: Embedder, batch: readonly PlacedContent[]): EmbeddedContent[] {
  return batch.map((item) => ({ ...item, vector: embedder.embed(item.content) }));
}

/**
 * The relay's search copies (SRCH4) and how they change: the active generation answers searches; during
 * a reindex (IDX5) a second generation is built from the stored documents with the chosen embedder while
 * the first keeps serving, both hear every edit, and the new one takes over in one step at the end.
 */
export class SearchIndexes implements IndexPlacementListener {
  private active: Generation;
  private building: Generation | null = null;
  /** SCALE3: hears every row this relay committed (other relays re-read it). */
  private committed: (docId: string) => void = () => {};
  /** SEMV6: hears every note whose text this relay committed (its vectors are due). */
  private textChanged: (docId: string) => void = () => {};
  private readonly meanings: QueryMeanings | null;

  private constructor(
    private readonly prisma: PrismaClient,
    active: Generation,
    private readonly encoder: QueryEncoder | null,
  ) {
    this.active = active;
    this.meanings = encoder && new QueryMeanings(encoder);
  }

  /** Loads the active generation from `note_index`; with `encoder`, search is hybrid (HYB1). */
  static async open(
    prisma: PrismaClient,
    embedder: Embedder,
    encoder: QueryEncoder | null = null,
  ): Promise<SearchIndexes> {
    const index = new SearchIndex(embedder.name, embedder.dimensions, encoder);
    await loadSearchIndex(prisma, index);
    return new SearchIndexes(prisma, { embedder, index }, encoder);
  }

  get activeEmbedder(): Embedder {
    return this.active.embedder;
  }

  /**
   * SRCH5, HYB1: with a sentence encoder, the query's meaning is computed off the event loop and fused
   * with its words; if it can't be had (the model failed to load, its queue is full), words alone rank.
   */
  async search(request: SearchRequest): Promise<SearchAnswer> {
    const meaning = this.meanings && !checkSearchRequest(request) ? await this.meanings.of(request.query) : undefined;
    return searchNotes(this.active.index, this.active.embedder, request, meaning);
  }

  /** SEMV6: `listener` hears the id of every note whose text this relay committed. */
  onTextChanged(listener: (docId: string) => void): void {
    this.textChanged = listener;
  }

  /** SEMV1: vectors committed to a row go to every copy that holds the text they were computed from. */
  vectorsCommitted(item: ComputedVectors): void {
    for (const generation of this.generations()) generation.index.setSemantic(item.docId, item.vectors, item.version);
    this.committed(item.docId);
  }

  setPlace(docId: string, place: IndexPlace): void {
    for (const generation of this.generations()) generation.index.setPlace(docId, place);
    this.committed(docId);
  }

  remove(docId: string): void {
    for (const generation of this.generations()) generation.index.remove(docId);
    this.committed(docId);
  }

  /** SCALE3: `listener` hears the id of every row this relay commits, after the commit. */
  onCommitted(listener: (docId: string) => void): void {
    this.committed = (docId) => {
      this.touchedDuringReload?.add(docId);
      listener(docId);
    };
  }

  /** Rows this relay changed while `reloadAll` was reading: the fresh copy may predate them. */
  private touchedDuringReload: Set<string> | null = null;

  /**
   * SCALE7: replaces the serving copy with one read afresh from `note_index`, after events from other
   * relays may have been missed. Rows this relay commits meanwhile are re-read into the new copy. A
   * reindex under way keeps its own copy (it is built from the stored documents).
   */
  async reloadAll(): Promise<void> {
    const serving = this.active;
    const fresh = new SearchIndex(serving.embedder.name, serving.embedder.dimensions, this.encoder);
    this.touchedDuringReload = new Set();
    try {
      await loadSearchIndex(this.prisma, fresh);
    } finally {
      const touched = [...(this.touchedDuringReload ?? [])];
      this.touchedDuringReload = null;
      if (this.active === serving) this.active = { embedder: serving.embedder, index: fresh };
      if (touched.length > 0) await reloadSearchRows(this.prisma, this.active.index, touched);
    }
  }

  /** SCALE3: follows rows another relay committed, in every copy (not heard by `onCommitted`). */
  async reloadRows(docIds: readonly string[]): Promise<void> {
    for (const generation of this.generations()) await reloadSearchRows(this.prisma, generation.index, docIds);
  }

  /** IDX1/IDX2: writes a note's current text to its row (with the newest embedder) and to every copy. */
  async writeContent(docId: string, content: string, version: number, now: Date): Promise<void> {
    const target = this.building ?? this.active;
    const written = await writeIndexedContent(this.prisma, target.embedder, { docId, content, version }, now);
    if (!written.changed) return;
    target.index.setContent(docId, written.vector, version, written.placeIfNew, content);
    this.committed(docId);
    this.textChanged(docId);
    // While a reindex runs, the serving copy keeps its own embedder's vectors (never mixed, EMB1).
    if (target !== this.active)
      this.active.index.setContent(docId, this.active.embedder.embed(content), version, written.placeIfNew, content);
  }

  /** IDX5: rebuilds every row from the stored documents with `embedder`, without stopping search. */
  async reindex(
    embedder: Embedder,
    now: () => Date,
    onProgress: (progress: ReindexProgress) => void,
  ): Promise<ReindexProgress> {
    if (this.building) throw new Error('A reindex is already running.');
    const building = { embedder, index: new SearchIndex(embedder.name, embedder.dimensions, this.encoder) };
    this.building = building;
    try {
      await loadSearchIndex(this.prisma, building.index);
      const progress = await this.rebuild(building, now, onProgress);
      this.active = building;
      return progress;
    } finally {
      this.building = null;
    }
  }

  /**
   * Embeds each batch while the one before is being written: on PostgreSQL the write runs in the server,
   * so the two overlap. One write is in flight at a time, so progress is reported in order, each batch
   * once its rows are committed.
   */
  private async rebuild(
    building: Generation,
    now: () => Date,
    onProgress: (progress: ReindexProgress) => void,
  ): Promise<ReindexProgress> {
    let progress = { done: 0, total: await countStoredDocuments(this.prisma) };
    let writing: Promise<void> = Promise.resolve();
    try {
      for await (const batch of readStoredContents(this.prisma, BATCH)) {
        const embedded = embedContents(building.embedder, batch);
        await writing;
        writing = this.writeReindexed(building, embedded, now()).then(() => {
          // Documents stored while the rebuild runs may land after the cursor and be counted too.
          const done = progress.done + batch.length;
          progress = { done, total: Math.max(progress.total, done) };
          onProgress(progress);
        });
        // A write failing while the next batch is read is not unhandled: it is awaited before the next one.
        writing.catch(() => {});
      }
      await writing;
    } finally {
      // A failed rebuild leaves no write running behind it, reporting progress after the failure.
      await writing.catch(() => {});
    }
    return progress;
  }

  /**
   * The rebuild's own rows go to the new generation only: the serving one already holds every stored text
   * it can score (IDX2 writes a row in the same store cycle as its document) and is dropped at the swap,
   * so embedding every note a second time for it would only halve the throughput.
   *
   * A stored document can be ahead of its row: a store cycle reads the text before the state it stores, so an
   * edit landing between the two is stored but not yet indexed. The rebuild then writes a newer text than any
   * edit announced, so it announces it: its vectors are due (SEMV6) and other relays re-read it (SCALE3).
   */
  private async writeReindexed(building: Generation, batch: readonly EmbeddedContent[], now: Date): Promise<void> {
    const changed = await writeEmbeddedContents(this.prisma, building.embedder.name, batch, now);
    const written = batch.filter((item) => changed.has(item.docId));
    for (const item of written) {
      building.index.setContent(item.docId, item.vector, item.version, item.placeIfNew, item.content);
      this.committed(item.docId);
    }
    await this.followMeaning(
      building,
      written.map((item) => item.docId),
    );
  }

  /**
   * SEMV1, SEMV6: rows the rebuild rewrote keep their semantic vectors when those are of the text written
   * (another embedder, same text: the new copy takes them from the table); the others' vectors are due.
   */
  private async followMeaning(building: Generation, docIds: readonly string[]): Promise<void> {
    if (docIds.length === 0) return;
    const current = this.encoder ? await readCurrentSemantic(this.prisma, this.encoder, docIds) : [];
    for (const item of current) building.index.setSemantic(item.docId, item.vectors, item.version);
    const kept = new Set(current.map((item) => item.docId));
    for (const docId of docIds) if (!kept.has(docId)) this.textChanged(docId);
  }

  private generations(): Generation[] {
    return this.building ? [this.active, this.building] : [this.active];
  }
}
