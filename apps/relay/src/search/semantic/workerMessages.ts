import { z } from 'zod';

/** What the relay asks an embedding worker: the vectors of some texts. */
export interface EmbedJob {
  readonly id: number;
  readonly texts: readonly string[];
}

/** What an embedding worker says: it is ready (or could not load), or the answer to one job. */
const workerMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready'), loadMs: z.number() }),
  z.object({ kind: z.literal('loadFailed'), reason: z.string() }),
  z.object({ kind: z.literal('vectors'), id: z.number(), vectors: z.array(z.instanceof(Float32Array)) }),
  z.object({ kind: z.literal('failed'), id: z.number(), reason: z.string() }),
]);

export type WorkerMessage = z.infer<typeof workerMessage>;

/** A message from a worker, checked: the worker is our code, but a wrong shape must not crash the relay. */
export function parseWorkerMessage(message: unknown): WorkerMessage | null {
  const parsed = workerMessage.safeParse(message);
  return parsed.success ? parsed.data : null;
}
