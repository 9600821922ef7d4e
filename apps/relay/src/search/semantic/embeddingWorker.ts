// An embedding worker thread (SEMV5): loads USE lite once, then answers one job at a time. Compiled with
// the relay (build.mjs) so that starting it costs no TypeScript loader, even when the relay runs from source.
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { loadUseLiteInNode } from '@baalda/semantic/node';
import type { EmbedJob, WorkerMessage } from './workerMessages';

const port = parentPort;
if (!port) throw new Error('embeddingWorker runs only as a worker thread');
const send = (message: WorkerMessage) => port.postMessage(message);

// SEMV5: meaning is background work. On Linux a thread has its own nice value, so this thread yields the CPU
// to the relay's event loop (sync, fan-out) whenever both want it; elsewhere this may apply to the whole
// process or be refused, and is then left alone.
if (process.platform === 'linux') {
  try {
    setPriority(constants.priority.PRIORITY_LOW);
  } catch {
    // Not permitted here: the thread runs at the relay's own priority.
  }
}

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
