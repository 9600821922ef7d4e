// An embedding worker thread (SEMV5): loads USE lite once, then answers one job at a time. Compiled with
// the relay (build.mjs) so that starting it costs no TypeScript loader, even when the relay runs from source.
import { parentPort } from 'node:worker_threads';
import { loadUseLiteInNode } from '@baalda/semantic/node';
import type { EmbedJob, WorkerMessage } from './workerMessages';

const port = parentPort;
if (!port) throw new Error('embeddingWorker runs only as a worker thread');
const send = (message: WorkerMessage) => port.postMessage(message);

const loading = loadUseLiteInNode();
loading.then(
  ({ loadMs }) => send({ kind: 'ready', loadMs }),
  (error: unknown) => send({ kind: 'loadFailed', reason: String(error) }),
);

port.on('message', async (job: EmbedJob) => {
  try {
    const { encoder } = await loading;
    send({ kind: 'vectors', id: job.id, vectors: await encoder.embedBatch(job.texts) });
  } catch (error) {
    send({ kind: 'failed', id: job.id, reason: String(error) });
  }
});
