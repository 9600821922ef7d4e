import type { SentenceEncoder } from '@baalda/core';
import type { EmbedJob, EncoderReply } from './encoderMessages';

/** The encoder's worker as the page talks to it: a real Web Worker (`workerPortOf`), or a fake in tests. */
export interface EncoderPort {
  send(job: EmbedJob): void;
  /** `onReply` for each reply; `onCrash` when the worker itself fails (its script didn't load, say). */
  listen(onReply: (reply: EncoderReply) => void, onCrash: (reason: string) => void): void;
  terminate(): void;
}

/** A running encoder worker: its encoder, how long the model took to load, and how to stop it. */
export interface WorkerEncoder {
  readonly encoder: SentenceEncoder;
  readonly loadMs: number;
  stop(): void;
}

/** A Web Worker as an {@link EncoderPort}. */
export function workerPortOf(worker: Worker): EncoderPort {
  return {
    send: (job) => worker.postMessage(job),
    listen(onReply, onCrash) {
      worker.onmessage = (event: MessageEvent<EncoderReply>) => onReply(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        onCrash(event.message || 'the encoder worker failed');
      };
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * SEMW3: waits for the worker to load the model, then embeds through it. Rejects when the model can't be
 * loaded (its files are neither cached nor reachable); a worker that fails later fails every job it holds
 * and is stopped, so nothing waits forever.
 */
export function startWorkerEncoder(port: EncoderPort): Promise<WorkerEncoder> {
  const jobs = new Map<number, { resolve(vectors: Float32Array[]): void; reject(error: Error): void }>();
  let nextId = 0;
  let broken: Error | null = null;
  return new Promise((resolveLoad, rejectLoad) => {
    const breakDown = (reason: string) => {
      broken = new Error(`The sentence encoder is unavailable: ${reason}`);
      rejectLoad(broken);
      for (const job of jobs.values()) job.reject(broken);
      jobs.clear();
      port.terminate();
    };
    const embedBatch = (texts: readonly string[]) =>
      new Promise<Float32Array[]>((resolve, reject) => {
        if (broken) return reject(broken);
        nextId += 1;
        jobs.set(nextId, { resolve, reject });
        port.send({ id: nextId, texts });
      });
    port.listen((reply) => {
      if (reply.kind === 'ready') {
        const encoder = { name: reply.name, dimensions: reply.dimensions, embedBatch };
        resolveLoad({ encoder, loadMs: reply.loadMs, stop: () => breakDown('stopped') });
      } else if (reply.kind === 'loadFailed') breakDown(reply.reason);
      else {
        const job = jobs.get(reply.id);
        jobs.delete(reply.id);
        if (reply.kind === 'vectors') job?.resolve(reply.vectors);
        else job?.reject(new Error(reply.reason));
      }
    }, breakDown);
  });
}
