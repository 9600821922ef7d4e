import type { SentenceEncoder } from '@baalda/core';
import { type EncoderPort, startWorkerEncoder, type WorkerEncoder } from './workerEncoder';

/**
 * SEMW3: the model holds about 100 MB in its worker; with no embedding for this long the worker is stopped
 * and the next offline search starts another (a second load costs about a second, from the cache).
 */
export const ENCODER_IDLE_MS = 120_000;

/** Starts the encoder's worker when asked, and stops it when it has been idle. */
export interface EncoderOnDemand {
  /** The loaded encoder; rejects when the model can't be loaded, and then the next call tries again. */
  get(): Promise<SentenceEncoder>;
}

/** `schedule` runs a callback later and returns how to cancel it (setTimeout in the app, by hand in tests). */
export function createEncoderOnDemand(
  startPort: () => EncoderPort,
  schedule: (callback: () => void, delayMs: number) => () => void,
  idleMs = ENCODER_IDLE_MS,
): EncoderOnDemand {
  let running: Promise<WorkerEncoder> | null = null;
  let cancelIdleStop = () => {};
  let busy = 0;
  const stopWhenIdle = () => {
    cancelIdleStop();
    if (busy > 0) return;
    cancelIdleStop = schedule(() => {
      const stopping = running;
      running = null;
      void stopping?.then((worker) => worker.stop());
    }, idleMs);
  };
  const tracked = (worker: WorkerEncoder): SentenceEncoder => ({
    name: worker.encoder.name,
    dimensions: worker.encoder.dimensions,
    async embedBatch(texts) {
      busy += 1;
      cancelIdleStop();
      try {
        return await worker.encoder.embedBatch(texts);
      } finally {
        busy -= 1;
        stopWhenIdle();
      }
    },
  });
  return {
    async get() {
      const starting = running ?? startWorkerEncoder(startPort());
      running = starting;
      try {
        const worker = await starting;
        stopWhenIdle();
        return tracked(worker);
      } catch (error) {
        if (running === starting) running = null;
        throw error;
      }
    },
  };
}
