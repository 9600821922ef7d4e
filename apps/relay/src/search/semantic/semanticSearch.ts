import { join } from 'node:path';
import type { PrismaClient } from '../../generated/prisma/client';
import type { Logger } from '../../support/logger';
import { RELAY_DIST } from '../../support/relayPaths';
import type { QueryEncoder, ReindexProgress, SearchIndexes } from '../searchIndexes';
import { EmbeddingWorkers } from './embeddingWorkers';
import { HttpEmbeddings, type HttpEmbeddingsSettings } from './httpEmbeddings';
import { SemanticBacklog } from './semanticBacklog';
import { type ComputedVectors, semanticCoverage } from './semanticStore';

/** SEMV5: how the relay computes meaning; absent or null, search is by words alone (BAALDA_EMBEDDER=hashed). */
export interface SemanticSettings {
  /** Embedding threads (BAALDA_EMBED_THREADS); 1 when absent. */
  readonly threads?: number;
  /** Batches that may wait for a thread; beyond, the backlog retries later. */
  readonly maxQueued?: number;
  /** SEMV7: an OpenAI-compatible endpoint instead of USE lite (BAALDA_EMBEDDER=openai). */
  readonly http?: HttpEmbeddingsSettings;
}

type RelayEncoder = QueryEncoder & { readonly isUnavailable: boolean; close(): Promise<void> };

/** The relay's semantic side: an encoder for queries and the backlog of notes due for vectors. */
export interface SemanticSearch {
  readonly encoder: RelayEncoder;
  /** Starts computing vectors for `indexes`' notes: every stale row now, every changed text from now on. */
  start(indexes: SearchIndexes): void;
  /** Resolves once no note waits for vectors (tests, benchmarks). */
  settled(): Promise<void>;
  /** Hears every note whose vectors were committed, with their text version (benchmarks time it). */
  onVectorsCommitted(listener: (docId: string, version: number) => void): void;
  /** SEMV6: notes with vectors of their current text, of all notes with text; and how many wait. */
  progress(): Promise<{ current: number; total: number; waiting: number }>;
  /**
   * SEMV6: queues every note whose vectors are behind and reports `{ done, total }` until none is: the
   * reindex of meaning. Resumable by nature: what was computed stays, a restart queues the rest.
   */
  catchUp(onProgress: (progress: ReindexProgress) => void): Promise<ReindexProgress>;
  close(): Promise<void>;
}

// Compiled with the relay (build.mjs), so a relay running from source under the tests starts it too.
const WORKER_ENTRY = join(RELAY_DIST, 'embeddingWorker.mjs');
const DEFAULT_MAX_QUEUED = 64;
const PROGRESS_EVERY_MS = 250;

export function createSemanticSearch(prisma: PrismaClient, settings: SemanticSettings, logger: Logger): SemanticSearch {
  const encoder: RelayEncoder = settings.http
    ? new HttpEmbeddings(settings.http)
    : new EmbeddingWorkers({
        entry: WORKER_ENTRY,
        threads: settings.threads ?? 1,
        maxQueued: settings.maxQueued ?? DEFAULT_MAX_QUEUED,
        logger,
      });
  let backlog: SemanticBacklog | null = null;
  const listeners: Array<(docId: string, version: number) => void> = [];
  const progress = async () => ({ ...(await semanticCoverage(prisma, encoder.name)), waiting: backlog?.waiting ?? 0 });
  return {
    encoder,
    start(indexes) {
      const sink = {
        vectorsCommitted: (item: ComputedVectors) => {
          indexes.vectorsCommitted(item);
          for (const listener of listeners) listener(item.docId, item.version);
        },
      };
      const started = new SemanticBacklog({ prisma, encoder, sink, logger });
      backlog = started;
      indexes.onTextChanged((docId) => started.enqueue(docId));
      started
        .enqueueStale()
        .catch((error: unknown) => logger.warn('stale vectors not queued', { error: String(error) }));
    },
    settled: async () => {
      await backlog?.settled();
    },
    progress,
    onVectorsCommitted: (listener) => listeners.push(listener),
    catchUp: async (onProgress) => {
      if (!backlog) throw new Error('semantic search has not started');
      if (encoder.isUnavailable) throw new Error('the semantic model could not be loaded; see the relay log');
      await backlog.enqueueStale();
      const drained = backlog.settled();
      let done = false;
      void drained.finally(() => {
        done = true;
      });
      while (!done) {
        const now = await progress();
        onProgress({ done: now.current, total: now.total });
        await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, PROGRESS_EVERY_MS))]);
      }
      const last = await progress();
      return { done: last.current, total: last.total };
    },
    close: async () => {
      await backlog?.stop();
      await encoder.close();
    },
  };
}
