// The encoder's Web Worker (SEMW3): tfjs, the model and every model call live here, so the page's thread
// stays free to draw and type while a vault is embedded. Jobs run one at a time, in the order they came.
// First: zod must be jitless before any schema is made (HTTP17).
import '../../zodWithoutEval';
import type { EmbedJob, EncoderReply } from './encoderMessages';
import { loadAppEncoder } from './loadAppEncoder';

/** What this file uses of a dedicated worker's global scope (the app's TypeScript lib is the DOM's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<EmbedJob>) => void) | null;
  postMessage(message: EncoderReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const loading = loadAppEncoder();
loading.then(
  ({ encoder, loadMs }) =>
    scope.postMessage({ kind: 'ready', name: encoder.name, dimensions: encoder.dimensions, loadMs }),
  (error: unknown) => scope.postMessage({ kind: 'loadFailed', reason: String(error) }),
);

let queue: Promise<void> = Promise.resolve();
scope.onmessage = ({ data: job }) => {
  queue = queue.then(() => answer(job));
};

async function answer(job: EmbedJob): Promise<void> {
  try {
    const { encoder } = await loading;
    const vectors = await encoder.embedBatch(job.texts);
    scope.postMessage(
      { kind: 'vectors', id: job.id, vectors },
      vectors.map((vector) => vector.buffer),
    );
  } catch (error) {
    scope.postMessage({ kind: 'failed', id: job.id, reason: String(error) });
  }
}
