import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBenchHosts } from 'baalda-relay/testing';
import { RELAY_NODE_FLAGS } from '../../scripts/relayNodeFlags.mjs';
import { type AuthedRelay, mintOwnerToken } from '../benchAccount';
import { type BenchDatabase, type BenchStorage, createBenchStorage } from './benchStorage';
import type { HostReply, MemoryReading } from './relayProtocol';

/** Which server a load bench measures: Baalda's relay, or bare Hocuspocus as the baseline. */
export type ServerKind = 'baalda' | 'bare';

/** A relay in a process of its own, on a fresh PGlite folder or PostgreSQL database, reached as its owner. */
export interface MeasuredRelay extends AuthedRelay {
  readonly kind: ServerKind;
  /** The server's process id, to read its memory map (`/proc/<pid>/smaps_rollup`). */
  readonly pid: number;
  /** Heap, RSS and loaded documents after forced GC; `withStates` also sums the loaded documents' states. */
  readMemory(withStates?: boolean): Promise<MemoryReading>;
  /** Writes a V8 heap snapshot of the relay to `path`. */
  writeHeapSnapshot(path: string): Promise<void>;
  /** Notes waiting for semantic vectors (0 when the relay computes no meaning). */
  semanticWaiting(): Promise<number>;
  /** One ACL6 recheck pass: its queries, the connections it re-decided and its time (Baalda's relay only). */
  recheckQueries(): Promise<{ queries: number; connections: number; ms: number }>;
  /** Stores every pending change, stops the process and removes its data folder or database. */
  stop(): Promise<void>;
  /**
   * Stops the process and starts a new one on the same stored notes, as a server restarted: what it holds
   * before anyone opens a note. Bare Hocuspocus keeps nothing across the restart (its store is memory).
   * `env` is added to the new process's environment (e.g. MALLOC_ARENA_MAX, to read the same notes both ways).
   */
  restart(env?: Readonly<Record<string, string>>): Promise<MeasuredRelay>;
}

const HOSTS_DIR = fileURLToPath(new URL('../../apps/relay/dist-bench/', import.meta.url));
let hostsBuilt: Promise<void> | null = null;

/**
 * Forks the relay's host (relayHost.ts) or bare Hocuspocus's (bareHost.ts), compiled once per bench run, with
 * --expose-gc and no TypeScript loader, as the relay runs in production. The server gets a process (and so,
 * on two CPUs, most of a core) of its own, and its heap can be read after a forced GC without the clients'
 * objects in it. Bare Hocuspocus has no accounts: its clients' token is ignored.
 */
export async function startMeasuredRelay(options: RelayOptions = {}): Promise<MeasuredRelay> {
  return startOn(options, await createBenchStorage(options.database ?? { kind: 'pglite' }), null);
}

/** The relay's options: `database` is PGlite unless told otherwise (bare Hocuspocus ignores it). */
export interface RelayOptions {
  readonly semantic?: boolean;
  readonly kind?: ServerKind;
  readonly database?: BenchDatabase;
  /** Variables added to the server's environment (e.g. glibc's MALLOC_ARENA_MAX). */
  readonly env?: Readonly<Record<string, string>>;
  /** Node or V8 flags beyond the relay's own (RELAY_NODE_FLAGS). */
  readonly nodeFlags?: readonly string[];
}

async function startOn(
  options: RelayOptions,
  storage: BenchStorage,
  knownToken: string | null,
): Promise<MeasuredRelay> {
  const kind = options.kind ?? 'baalda';
  hostsBuilt ??= buildBenchHosts();
  await hostsBuilt;
  const host = join(HOSTS_DIR, kind === 'bare' ? 'bareHost.mjs' : 'relayHost.mjs');
  const child = fork(host, [storage.location], {
    // The flags `npm start` runs the relay with, for bare Hocuspocus too: the runtime is not an extension.
    execArgv: ['--expose-gc', ...RELAY_NODE_FLAGS, ...(options.nodeFlags ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...options.env, BAALDA_BENCH_SEMANTIC: options.semantic ? '1' : '0' },
  });
  const started = (await nextReply(child, 'started')) as Extract<HostReply, { type: 'started' }>;
  const httpUrl = started.httpUrl;
  const token = kind === 'bare' ? 'bare-hocuspocus-needs-none' : (knownToken ?? (await mintOwnerToken(httpUrl)));
  const relay = { kind, pid: child.pid ?? 0, httpUrl, syncUrl: `${httpUrl.replace('http', 'ws')}/sync`, token };
  return {
    ...relay,
    readMemory: async (withStates = false) => {
      child.send({ type: 'memory', withStates });
      return ((await nextReply(child, 'memory')) as Extract<HostReply, { type: 'memory' }>).reading;
    },
    writeHeapSnapshot: async (path) => {
      child.send({ type: 'snapshot', path });
      await nextReply(child, 'snapshot');
    },
    semanticWaiting: async () => {
      child.send({ type: 'semantic' });
      return ((await nextReply(child, 'semantic')) as Extract<HostReply, { type: 'semantic' }>).waiting;
    },
    recheckQueries: async () => {
      child.send({ type: 'recheckQueries' });
      const { queries, connections, ms } = (await nextReply(child, 'recheckQueries')) as Extract<
        HostReply,
        { type: 'recheckQueries' }
      >;
      return { queries, connections, ms };
    },
    stop: async () => {
      await stopChild(child);
      await storage.remove();
    },
    restart: async (env) => {
      await stopChild(child);
      return startOn(env ? { ...options, env: { ...options.env, ...env } } : options, storage, token);
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  await exited;
}

/** Waits until the relay holds no loaded document: every one stored and let go. */
export async function waitForNoDocuments(relay: MeasuredRelay, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { documents } = await relay.readMemory();
    if (documents === 0) return;
    if (Date.now() > deadline) throw new Error(`the relay still holds ${documents} documents after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function nextReply(child: ChildProcess, type: HostReply['type']): Promise<HostReply> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: HostReply) => {
      if (reply.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code: number | null) => reject(new Error(`relay host exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
