// The relay of the load benches, in a process of its own: forked by relayProcess.ts with --expose-gc, it
// starts the relay on the PGlite folder in argv[2] and answers memory readings over IPC.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import * as Y from 'yjs';
import { TEST_PASSWORD_COST } from '../../apps/relay/src/access/passwords';
import { startRelay } from '../../apps/relay/src/app/startRelay';
import { silentLogger } from '../../apps/relay/src/support/logger';
import type { HostReply, HostRequest, MemoryReading } from './relayProtocol';

const dataDir = process.argv[2];
if (!dataDir || typeof globalThis.gc !== 'function') throw new Error('usage: node --expose-gc relayHost.ts <dataDir>');
const collectGarbage = globalThis.gc;

// Production settings (store debounce, versions, limits) except the password hash cost, which only the one
// sign-up of the bench pays and which would leave scrypt's buffers in the RSS baseline.
const relay = await startRelay({
  database: { kind: 'pglite', dataDir },
  port: 0,
  host: '127.0.0.1',
  webDir: '/nonexistent-web-dir',
  logger: silentLogger,
  passwordCost: TEST_PASSWORD_COST,
  // Words alone unless the bench measures meaning too (BAALDA_BENCH_SEMANTIC=1): the other load rows keep
  // their baseline.
  semantic: process.env.BAALDA_BENCH_SEMANTIC === '1' ? { threads: 1 } : null,
});

function send(reply: HostReply): void {
  process.send?.(reply);
}

let lastUtilization = performance.eventLoopUtilization();
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();

// Two full collections: the first may only queue finalizers (WeakRefs, FinalizationRegistry) the second frees.
async function readMemory(withStates: boolean): Promise<MemoryReading> {
  const busy = performance.eventLoopUtilization(lastUtilization).utilization;
  // The histogram is in nanoseconds and counts the 1 ms resolution itself as delay.
  const lateBy = (p: number) => Math.max(0, loopDelay.percentile(p) / 1e6 - 1);
  const loopDelayMs = { p50: lateBy(50), p99: lateBy(99) };
  collectGarbage();
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const usage = process.memoryUsage();
  lastUtilization = performance.eventLoopUtilization();
  loopDelay.reset();
  const documents = [...relay.hocuspocus.documents.values()];
  return {
    heapUsed: usage.heapUsed,
    rss: usage.rss,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    documents: documents.length,
    connections: documents.reduce((sum, document) => sum + document.getConnectionsCount(), 0),
    stateBytes: withStates ? documents.reduce((sum, document) => sum + Y.encodeStateAsUpdate(document).length, 0) : 0,
    busySinceLast: busy,
    loopDelayMs,
  };
}

process.on('message', async (request: HostRequest) => {
  if (request.type === 'memory') send({ type: 'memory', reading: await readMemory(request.withStates) });
  if (request.type === 'snapshot') {
    collectGarbage();
    writeHeapSnapshot(request.path);
    send({ type: 'snapshot' });
  }
  if (request.type === 'semantic')
    send({ type: 'semantic', waiting: (await relay.semantic?.progress())?.waiting ?? 0 });
  if (request.type === 'stop') {
    await relay.close();
    process.exit(0);
  }
});
send({ type: 'started', httpUrl: relay.httpUrl });
