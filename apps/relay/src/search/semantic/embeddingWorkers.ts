import { Worker } from 'node:worker_threads';
import { type SentenceEncoder, USE_LITE } from '@baalda/core';
import type { Logger } from '../../support/logger';
import { type EmbedJob, parseWorkerMessage, type WorkerMessage } from './workerMessages';

/** SEMV5: how the relay's embedding threads run. */
export interface EmbeddingWorkerOptions {
  /** The compiled worker program (`dist/embeddingWorker.mjs`). */
  readonly entry: string;
  /** Threads; each holds its own copy of the model (≈140 MB). */
  readonly threads: number;
  /** Jobs waiting beyond this are refused (the backlog retries them; a query falls back to words). */
  readonly maxQueued: number;
  readonly logger: Logger;
}

interface QueuedJob {
  readonly job: EmbedJob;
  readonly resolve: (vectors: Float32Array[]) => void;
  readonly reject: (error: Error) => void;
}

interface Thread {
  readonly worker: Worker;
  ready: boolean;
  running: QueuedJob | null;
}

// A model that fails to load this many times in a row won't load: stop trying, search by words alone.
const MAX_LOAD_FAILURES = 3;

/** Why a job was not embedded. */
export class EmbeddingUnavailable extends Error {}

/**
 * SEMV5: USE lite in worker threads, so embedding never runs on the relay's event loop. Threads start on
 * the first job. A query goes ahead of the backlog's batches; a crashed thread fails its job and is
 * replaced; a model that won't load leaves the pool unavailable (every job refused at once).
 */
export class EmbeddingWorkers implements SentenceEncoder {
  readonly name: string = USE_LITE.name;
  readonly dimensions: number = USE_LITE.dimensions;
  private readonly threads: Thread[] = [];
  private readonly queue: QueuedJob[] = [];
  private nextId = 1;
  private loadFailures = 0;
  private unavailable: string | null = null;
  private closed = false;

  constructor(private readonly options: EmbeddingWorkerOptions) {}

  /** Vectors of texts, for the backlog: waits behind queries and earlier batches. */
  embedBatch(texts: readonly string[]): Promise<Float32Array[]> {
    return this.submit(texts, false);
  }

  /** A query's vector: ahead of every waiting batch. */
  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.submit([text], true);
    if (!vector) throw new EmbeddingUnavailable('no vector came back');
    return vector;
  }

  /** Whether a job would be refused at once (the model failed to load, or the pool is closed). */
  get isUnavailable(): boolean {
    return this.closed || this.unavailable !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failQueued('the relay is shutting down');
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private submit(texts: readonly string[], urgent: boolean): Promise<Float32Array[]> {
    if (this.closed) return Promise.reject(new EmbeddingUnavailable('the relay is shutting down'));
    if (this.unavailable) return Promise.reject(new EmbeddingUnavailable(this.unavailable));
    if (this.queue.length >= this.options.maxQueued)
      return Promise.reject(new EmbeddingUnavailable(`${this.queue.length} embedding jobs are waiting`));
    return new Promise((resolve, reject) => {
      const queued = { job: { id: this.nextId++, texts: [...texts] }, resolve, reject };
      if (urgent) this.queue.unshift(queued);
      else this.queue.push(queued);
      this.startThreads();
      this.dispatch();
    });
  }

  private startThreads(): void {
    while (this.threads.length < this.options.threads) this.threads.push(this.spawn());
  }

  private spawn(): Thread {
    const worker = new Worker(this.options.entry);
    const thread: Thread = { worker, ready: false, running: null };
    worker.on('message', (message: unknown) => this.heard(thread, parseWorkerMessage(message)));
    // A thread that throws or exits fails its job; the error never reaches the relay's process.
    worker.on('error', (error) => this.lost(thread, `embedding thread failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(thread, `embedding thread exited with code ${code}`));
    return thread;
  }

  private heard(thread: Thread, message: WorkerMessage | null): void {
    if (!message) return;
    if (message.kind === 'ready') {
      thread.ready = true;
      this.loadFailures = 0;
      this.options.logger.info('semantic model loaded', { loadMs: Math.round(message.loadMs) });
    } else if (message.kind === 'loadFailed') {
      this.loadFailed(thread, message.reason);
      return;
    } else if (thread.running?.job.id === message.id) {
      const running = thread.running;
      thread.running = null;
      if (message.kind === 'vectors') running.resolve(message.vectors);
      else running.reject(new EmbeddingUnavailable(message.reason));
    }
    this.dispatch();
  }

  private loadFailed(thread: Thread, reason: string): void {
    this.loadFailures += 1;
    this.options.logger.warn('semantic model did not load', { reason, attempt: this.loadFailures });
    if (this.loadFailures >= MAX_LOAD_FAILURES) {
      this.unavailable = `the semantic model could not be loaded: ${reason}`;
      this.failQueued(this.unavailable);
    }
    void thread.worker.terminate();
  }

  private lost(thread: Thread, reason: string): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    thread.running?.reject(new EmbeddingUnavailable(reason));
    thread.running = null;
    if (!this.closed && !this.unavailable && this.queue.length > 0) {
      this.startThreads();
      this.dispatch();
    }
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (!thread.ready || thread.running) continue;
      const next = this.queue.shift();
      if (!next) return;
      thread.running = next;
      thread.worker.postMessage(next.job);
    }
  }

  private failQueued(reason: string): void {
    for (const queued of this.queue.splice(0)) queued.reject(new EmbeddingUnavailable(reason));
    for (const thread of this.threads) {
      thread.running?.reject(new EmbeddingUnavailable(reason));
      thread.running = null;
    }
  }
}
