// A relay in this process for the mirror bench, with everything it refuses and every socket it is sent
// recorded, so each row can say what the sync cost and whether the relay pushed back.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@baalda/core/api';
import { createRelayClient, type RelayClient } from 'baalda-cli/testing';
import { type Logger, type Relay, startRelay, TEST_PASSWORD_COST } from 'baalda-relay/testing';
import { answerOf, BENCH_OWNER, relayClient as benchRelayClient, mintOwnerToken } from '../benchAccount';
import { sleep } from '../load/editLoad';

/** One thing the relay or its link saw, at `performance.now()`. */
interface TrafficEvent {
  readonly at: number;
  readonly kind: 'socketOpened' | 'socketClosed' | 'httpConnection' | 'refused' | 'pendingDocuments' | 'warning';
  /** The refusal's code, or the warning's text. */
  readonly detail: string;
}

/** What the relay saw during one phase of the bench; times are ms since the phase began. */
export interface TrafficSummary {
  /** WebSocket handshakes on `/sync` through the link: sync connections opened. */
  readonly socketsOpened: number;
  /** The most sync sockets open at once. */
  readonly mostOpenSockets: number;
  /** TCP connections that were not WebSockets (HTTP, kept alive or not). */
  readonly httpConnections: number;
  /** `websocket refused` warnings by code (WS9, PRE_AUTH_LIMIT…), each with when it was first seen. */
  readonly refusals: ReadonlyMap<string, { readonly count: number; readonly firstAtMs: number }>;
  /** Hocuspocus's "too many pending unauthenticated documents" console warnings, and when the first came. */
  readonly pendingDocuments: { readonly count: number; readonly firstAtMs: number | null };
  /** The relay's other warnings and errors, as logged. */
  readonly warnings: readonly string[];
}

/** A bench relay reached through a counting TCP link, with its owner's token for vault `default`. */
export interface WatchedRelay {
  readonly relay: Relay;
  readonly token: string;
  /** The vault's API through the link (what the mirror and import are given). */
  readonly client: RelayClient;
  /** The vault's API straight to the relay (setup and checks, which the rows must not count). */
  readonly directClient: RelayClient;
  /** What was seen since `start` (a `performance.now()`). */
  trafficSince(start: number): TrafficSummary;
  /** A new empty vault of the bench's owner, reached straight (not through the link). */
  createVault(name: string): Promise<RelayClient>;
  /** Resolves once the relay stored and let go every document (no client has one open). */
  untilNoDocuments(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const HOCUSPOCUS_PENDING = 'too many pending unauthenticated documents';

/**
 * Starts a relay on port 0 on a fresh PGlite folder, with the store debounce of production. The MCP rate
 * limit (LIM10, 10 calls a second per token) is raised, as in bench/mcpSearch.ts: import sends one call a
 * note, and the rows measure the work, not the pacing.
 */
export async function startWatchedRelay(): Promise<WatchedRelay> {
  const dir = await mkdtemp(join(tmpdir(), 'baalda-bench-mirror-relay-'));
  const events: TrafficEvent[] = [];
  const record = (kind: TrafficEvent['kind'], detail = '') => events.push({ at: performance.now(), kind, detail });
  const restoreConsole = captureHocuspocusWarnings(record);
  const relay = await startRelay({
    database: { kind: 'pglite', dataDir: join(dir, 'data') },
    attachmentsDir: join(dir, 'attachments'),
    port: 0,
    host: '127.0.0.1',
    webDir: '/nonexistent-web-dir',
    logger: recordingLogger(record),
    passwordCost: TEST_PASSWORD_COST,
    mcpRateLimit: { perSecond: 100_000, burst: 100_000 },
  });
  const link = await startCountingLink(relay.port, record);
  const token = await mintOwnerToken(relay.httpUrl);
  return {
    relay,
    token,
    client: createRelayClient(link.url, { token, vaultId: 'default' }),
    directClient: createRelayClient(relay.httpUrl, { token, vaultId: 'default' }),
    trafficSince: (start) => summarize(events, start),
    createVault: (name) => createVault(relay, name),
    untilNoDocuments: (timeoutMs = 60_000) => untilNoDocuments(relay, timeoutMs),
    async close() {
      await link.close();
      await relay.close();
      restoreConsole();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function recordingLogger(record: (kind: TrafficEvent['kind'], detail?: string) => void): Logger {
  const warn = (message: string, fields?: Record<string, unknown>) => {
    if (message === 'websocket refused') record('refused', String(fields?.code));
    else record('warning', fields ? `${message} ${JSON.stringify(fields)}` : message);
  };
  return { info: () => {}, warn, error: warn };
}

// Hocuspocus warns on the console before it resets a connection; its other lines, and everyone else's,
// still reach the console.
function captureHocuspocusWarnings(record: (kind: TrafficEvent['kind'], detail?: string) => void): () => void {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    if (line.includes(HOCUSPOCUS_PENDING)) record('pendingDocuments', line);
    else if (line.startsWith('Hocuspocus')) record('warning', line);
    else original(...args);
  };
  return () => {
    console.warn = original;
  };
}

// Like startCuttableLink (apps/cli/test/mirrorFixtures.ts), without the cut: a connection whose first
// bytes are a WebSocket upgrade on /sync is a sync socket; ws opens a fresh connection for each one.
async function startCountingLink(targetPort: number, record: (kind: TrafficEvent['kind']) => void) {
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.once('data', (first: Buffer) => {
      const isSync = isSyncUpgrade(first.toString('latin1'));
      record(isSync ? 'socketOpened' : 'httpConnection');
      if (isSync) client.once('close', () => record('socketClosed'));
    });
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function isSyncUpgrade(head: string): boolean {
  return /^GET \/sync[?\s]/.test(head) && /\r\nupgrade:\s*websocket\r\n/i.test(head);
}

function summarize(events: readonly TrafficEvent[], start: number): TrafficSummary {
  const sinceStart = (event: TrafficEvent) => event.at - start;
  // Sockets open when the phase began count towards the most open at once.
  let openNow = 0;
  let mostOpen = 0;
  const refusals = new Map<string, { count: number; firstAtMs: number }>();
  const pending = { count: 0, firstAtMs: null as number | null };
  const warnings: string[] = [];
  let socketsOpened = 0;
  let httpConnections = 0;
  for (const event of events) {
    if (event.kind === 'socketOpened') openNow += 1;
    if (event.kind === 'socketClosed') openNow -= 1;
    if (event.at < start) continue;
    mostOpen = Math.max(mostOpen, openNow);
    if (event.kind === 'socketOpened') socketsOpened += 1;
    if (event.kind === 'httpConnection') httpConnections += 1;
    if (event.kind === 'warning') warnings.push(event.detail);
    if (event.kind === 'pendingDocuments') {
      pending.count += 1;
      pending.firstAtMs ??= sinceStart(event);
    }
    if (event.kind === 'refused') {
      const seen = refusals.get(event.detail) ?? { count: 0, firstAtMs: sinceStart(event) };
      refusals.set(event.detail, { ...seen, count: seen.count + 1 });
    }
  }
  return { socketsOpened, mostOpenSockets: mostOpen, httpConnections, refusals, pendingDocuments: pending, warnings };
}

async function createVault(relay: Relay, name: string): Promise<RelayClient> {
  const admin = benchRelayClient(relay.httpUrl, { authorization: `Bearer ${relay.adminKey}` });
  const created = await admin.call(API.adminCreateVault, { body: { name, ownerEmail: BENCH_OWNER.email } });
  const { vault } = answerOf(created, 'bench vault');
  const minted = await admin.call(API.adminCreateToken, { body: { email: BENCH_OWNER.email, vaultId: vault.id } });
  const { secret } = answerOf(minted, 'bench vault token');
  return createRelayClient(relay.httpUrl, { token: secret, vaultId: vault.id });
}

async function untilNoDocuments(relay: Relay, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (relay.hocuspocus.documents.size > 0) {
    if (Date.now() > deadline)
      throw new Error(`the relay still holds ${relay.hocuspocus.documents.size} documents after ${timeoutMs} ms`);
    await sleep(100);
  }
}
