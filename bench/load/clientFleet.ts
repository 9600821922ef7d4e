import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { AuthedRelay } from '../benchAccount';
import type { ClientSpec, EditTimes, WorkerReply, WorkerRequest } from './clientProtocol';

type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'requestId'> : never) : never;

/**
 * Bench clients spread over worker processes (client id modulo the number of workers), so that the
 * relay's event loop runs the relay alone: 300 providers applying 20 updates a second each are more work
 * than the relay's own.
 */
export class ClientFleet {
  private nextRequestId = 0;
  private readonly pending = new Map<number, (reply: WorkerReply) => void>();

  private constructor(private readonly workers: ChildProcess[]) {
    for (const worker of workers) {
      worker.on('message', (reply: WorkerReply) => this.pending.get(reply.requestId)?.(reply));
      // A worker that dies fails what waits on it, rather than leaving the bench waiting forever.
      worker.on('exit', (code) => {
        const error = `a client worker exited (code ${code})`;
        for (const [requestId, settle] of this.pending) settle({ type: 'done', requestId, error });
      });
    }
  }

  /** Forks `workers` clientHost.ts processes. */
  static start(workers: number): ClientFleet {
    const children = Array.from({ length: workers }, () =>
      fork(join(import.meta.dirname, 'clientHost.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    return new ClientFleet(children);
  }

  /** Connects the clients (each its own WebSocket) and resolves once every one has finished its first sync. */
  async connect(relay: AuthedRelay, clients: ClientSpec[]): Promise<void> {
    await Promise.all(
      this.workers.map((_, index) =>
        this.call(index, {
          type: 'connect',
          syncUrl: relay.syncUrl,
          token: relay.token,
          clients: clients.filter((client) => this.workerOf(client.id) === index),
        }),
      ),
    );
  }

  async disconnect(ids: number[]): Promise<void> {
    await Promise.all(
      this.workers.map((_, index) =>
        this.call(index, { type: 'disconnect', clients: ids.filter((id) => this.workerOf(id) === index) }),
      ),
    );
  }

  /** Client `id` appends the paragraph of edit `editId`; resolves once its worker made the edit. */
  async edit(id: number, editId: number, keepParagraphs?: number): Promise<void> {
    await this.call(this.workerOf(id), { type: 'edit', client: id, editId, keepParagraphs });
  }

  /** Client `id` appends `texts` as paragraphs; resolves once the relay acknowledged them. */
  async append(id: number, texts: string[]): Promise<void> {
    await this.call(this.workerOf(id), { type: 'append', client: id, texts });
  }

  /** Every worker's send and receipt times since the last collect. */
  async collect(): Promise<EditTimes> {
    const replies = await Promise.all(this.workers.map((_, index) => this.call(index, { type: 'collect' })));
    return {
      sent: replies.flatMap((reply) => reply.times?.sent ?? []),
      received: replies.flatMap((reply) => reply.times?.received ?? []),
      workersBusy: replies.flatMap((reply) => reply.times?.workersBusy ?? []),
      drops: replies.reduce((sum, reply) => sum + (reply.times?.drops ?? 0), 0),
    };
  }

  async stop(): Promise<void> {
    const exits = this.workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    await Promise.all(this.workers.map((_, index) => this.call(index, { type: 'stop' })));
    await Promise.all(exits);
  }

  private workerOf(id: number): number {
    return id % this.workers.length;
  }

  private call(index: number, body: RequestBody): Promise<WorkerReply> {
    const requestId = this.nextRequestId++;
    const worker = this.workers[index];
    if (!worker?.connected) return Promise.reject(new Error('bench client worker: it has exited'));
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, (reply) => {
        this.pending.delete(requestId);
        if (reply.error) reject(new Error(`bench client worker: ${reply.error}`));
        else resolve(reply);
      });
      worker.send({ ...body, requestId });
    });
  }
}
