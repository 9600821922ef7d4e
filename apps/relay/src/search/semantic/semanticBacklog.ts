import { noteVectorsOf, type SentenceEncoder } from '@baalda/core';
import type { PrismaClient } from '../../generated/prisma/client';
import type { Logger } from '../../support/logger';
import { EmbeddingUnavailable } from './embeddingWorkers';
import { type ComputedVectors, readStaleTexts, staleSemanticIds, writeSemanticVectors } from './semanticStore';

/** Where computed vectors go besides the table: the relay's search copies (and, through them, other relays). */
export interface SemanticSink {
  /** Vectors of `version` of a note's text, committed to its row. */
  vectorsCommitted(item: ComputedVectors): void;
}

interface BacklogOptions {
  readonly prisma: PrismaClient;
  readonly encoder: SentenceEncoder & { readonly isUnavailable: boolean };
  readonly sink: SemanticSink;
  readonly logger: Logger;
  /** Notes per batch sent to the encoder. */
  readonly batchNotes?: number;
  /** How long to wait before retrying when the encoder's queue was full. */
  readonly retryMs?: number;
}

const DEFAULT_BATCH_NOTES = 8;
const DEFAULT_RETRY_MS = 500;
// A note whose batch failed this often (a thread crashing on it, say) waits for the next start-up.
const MAX_ATTEMPTS = 3;

/**
 * SEMV6: the notes whose semantic vectors are behind their text. It holds ids only, each once: a note
 * edited ten times while it waits is embedded once, from the text its row holds when its turn comes —
 * so only the latest text is ever embedded, and the backlog is bounded by the number of notes. Sync and
 * lexical indexing never wait for it. At start the relay fills it from the table, which also resumes an
 * interrupted reindex.
 */
export class SemanticBacklog {
  private readonly pending = new Set<string>();
  private readonly attempts = new Map<string, number>();
  private draining: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: BacklogOptions) {}

  /** A note's text changed: its vectors are due. */
  enqueue(docId: string): void {
    if (this.stopped || this.options.encoder.isUnavailable) return;
    this.pending.add(docId);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** SEMV6: queues every row whose vectors are missing or stale (start-up, reindex). */
  async enqueueStale(): Promise<number> {
    const ids = await staleSemanticIds(this.options.prisma, this.options.encoder.name);
    for (const docId of ids) this.enqueue(docId);
    return ids.length;
  }

  /** Notes waiting for vectors. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Resolves once nothing is waiting (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pending.clear();
    await this.settled();
  }

  private async drain(): Promise<void> {
    const batchNotes = this.options.batchNotes ?? DEFAULT_BATCH_NOTES;
    while (this.pending.size > 0 && !this.stopped) {
      const batch = [...this.pending].slice(0, batchNotes);
      for (const docId of batch) this.pending.delete(docId);
      try {
        await this.embedBatch(batch);
      } catch (error) {
        if (!(await this.recover(batch, error))) return;
      }
    }
  }

  private async embedBatch(docIds: readonly string[]): Promise<void> {
    const { prisma, encoder, sink } = this.options;
    const texts = await readStaleTexts(prisma, encoder.name, docIds);
    const vectors = await noteVectorsOf(
      encoder,
      texts.map((text) => text.content),
    );
    const computed = texts.flatMap((text, index) => {
      const own = vectors[index];
      return own ? [{ docId: text.docId, version: text.version, vectors: own }] : [];
    });
    const written = await writeSemanticVectors(prisma, encoder.name, computed);
    for (const docId of docIds) this.attempts.delete(docId);
    for (const item of computed) if (written.has(item.docId)) sink.vectorsCommitted(item);
  }

  // A full encoder queue or a crashed thread puts the batch back and waits; an encoder that can't load
  // (or a database error) drops the backlog: the vectors stay stale, search ranks those notes by words, and
  // the next start-up queues them again.
  private async recover(batch: readonly string[], error: unknown): Promise<boolean> {
    if (error instanceof EmbeddingUnavailable && !this.options.encoder.isUnavailable && !this.stopped) {
      for (const docId of batch) {
        const attempts = (this.attempts.get(docId) ?? 0) + 1;
        this.attempts.set(docId, attempts);
        if (attempts < MAX_ATTEMPTS) this.pending.add(docId);
        else this.attempts.delete(docId);
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? DEFAULT_RETRY_MS));
      return true;
    }
    this.options.logger.warn('semantic vectors not computed', { error: String(error), waiting: this.pending.size });
    this.pending.clear();
    return false;
  }
}
