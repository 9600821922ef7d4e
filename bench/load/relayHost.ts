// The relay of the load benches, in a process of its own: forked by relayProcess.ts with --expose-gc, it
// starts the relay on argv[2] (a PGlite folder, or a PostgreSQL URL) and answers memory readings over IPC.
import { writeHeapSnapshot } from 'node:v8';
import {
  countingClient,
  createAccessService,
  type DatabaseTarget,
  lostConnections,
  lostConnectionsAsBefore,
  openConnections,
  silentLogger,
  startRelay,
  TEST_PASSWORD_COST,
} from 'baalda-relay/testing/benchProcesses';
import { answerHostRequests } from './hostReadings';
import type { HostRequest } from './relayProtocol';

const location = process.argv[2];
if (!location || typeof globalThis.gc !== 'function') {
  throw new Error('usage: node --expose-gc relayHost.ts <dataDir | postgresql://…>');
}
const database: DatabaseTarget = /^postgres(ql)?:\/\//.test(location)
  ? { kind: 'postgres', url: location }
  : { kind: 'pglite', dataDir: location };

const RECHECKS_AS_BEFORE = process.env.BAALDA_BENCH_RECHECKS === 'before';

// Production settings (store debounce, versions, limits) except the password hash cost, which only the one
// sign-up of the bench pays and which would leave scrypt's buffers in the RSS baseline.
const relay = await startRelay({
  database,
  port: 0,
  host: '127.0.0.1',
  webDir: '/nonexistent-web-dir',
  logger: silentLogger,
  passwordCost: TEST_PASSWORD_COST,
  // Words alone unless the bench measures meaning too (BAALDA_BENCH_SEMANTIC=1): the other load rows keep
  // their baseline.
  semantic: process.env.BAALDA_BENCH_SEMANTIC === '1' ? { threads: 1 } : null,
  // ACL6's rechecks as they ran before they were batched, when the bench compares both in one run.
  rechecksAsBefore: RECHECKS_AS_BEFORE,
});

// One recheck pass, the kind this relay runs, over a client that counts what it sends to the database.
process.on('message', async (request: HostRequest) => {
  if (request.type !== 'recheckQueries') return;
  const counting = countingClient(relay.prisma);
  const access = createAccessService(counting.client, TEST_PASSWORD_COST);
  const started = performance.now();
  await (RECHECKS_AS_BEFORE ? lostConnectionsAsBefore : lostConnections)(access, relay.hocuspocus, new Date());
  const ms = performance.now() - started;
  const connections = openConnections(relay.hocuspocus).length;
  process.send?.({ type: 'recheckQueries', queries: counting.queries(), connections, ms });
});

answerHostRequests(relay.hocuspocus, {
  snapshot: (path) => writeHeapSnapshot(path),
  semanticWaiting: async () => (await relay.semantic?.progress())?.waiting ?? 0,
  stop: () => relay.close(),
});
process.send?.({ type: 'started', httpUrl: relay.httpUrl });
