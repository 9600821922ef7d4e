import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { HostReply, HostRequest, MemoryReading } from './relayProtocol';
import { residentParts } from './residentParts';

/** What a host does beyond reading memory: snapshots, the semantic backlog, stopping. */
export interface HostActions {
  snapshot(path: string): void;
  semanticWaiting(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Answers the bench's IPC requests for a Hocuspocus instance (the relay's or bare): memory after forced GC
 * with what is loaded, heap snapshots, the semantic backlog, stop. Both hosts read memory this one way.
 */
export function answerHostRequests(hocuspocus: Hocuspocus, actions: HostActions): void {
  const collectGarbage = globalThis.gc;
  if (!collectGarbage) throw new Error('the bench hosts run with --expose-gc');
  let lastUtilization = performance.eventLoopUtilization();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const send = (reply: HostReply) => process.send?.(reply);

  // Two full collections: the first may only queue finalizers (WeakRefs, FinalizationRegistry) the second frees.
  async function readMemory(withStates: boolean): Promise<MemoryReading> {
    const busy = performance.eventLoopUtilization(lastUtilization).utilization;
    // The histogram is in nanoseconds and counts the 1 ms resolution itself as delay.
    const lateBy = (p: number) => Math.max(0, loopDelay.percentile(p) / 1e6 - 1);
    const loopDelayMs = { p50: lateBy(50), p99: lateBy(99) };
    collectGarbage?.();
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage?.();
    const usage = process.memoryUsage();
    lastUtilization = performance.eventLoopUtilization();
    loopDelay.reset();
    const documents = [...hocuspocus.documents.values()];
    const structs = withStates ? countStructs(documents) : { structs: 0, deletedStructs: 0 };
    return {
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      rss: usage.rss,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      ...residentParts(),
      documents: documents.length,
      connections: documents.reduce((sum, document) => sum + document.getConnectionsCount(), 0),
      stateBytes: withStates ? documents.reduce((sum, document) => sum + Y.encodeStateAsUpdate(document).length, 0) : 0,
      ...structs,
      busySinceLast: busy,
      loopDelayMs,
    };
  }

  process.on('message', async (request: HostRequest) => {
    if (request.type === 'memory') send({ type: 'memory', reading: await readMemory(request.withStates) });
    if (request.type === 'snapshot') {
      collectGarbage?.();
      actions.snapshot(request.path);
      send({ type: 'snapshot' });
    }
    if (request.type === 'semantic') send({ type: 'semantic', waiting: await actions.semanticWaiting() });
    if (request.type === 'stop') {
      await actions.stop();
      process.exit(0);
    }
  });
}

function countStructs(documents: readonly Y.Doc[]): { structs: number; deletedStructs: number } {
  let structs = 0;
  let deletedStructs = 0;
  for (const document of documents) {
    for (const clientStructs of document.store.clients.values()) {
      structs += clientStructs.length;
      for (const struct of clientStructs) if (struct.deleted) deletedStructs += 1;
    }
  }
  return { structs, deletedStructs };
}
