import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { RELAY_NODE_FLAGS } from '../../../scripts/relayNodeFlags.mjs';
import { collectLines } from './outputLines';
import { sessionCookie, TEST_OWNER } from './relays';

// The compiled relay (build.mjs), as `npm start` runs it; the test run's global setup builds it.
const MAIN = join(import.meta.dirname, '..', 'dist', 'main.mjs');
const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The relay as its own process (`dist/main.mjs`, production settings), its output lines kept. */
export interface RelayProcess {
  readonly child: ChildProcess;
  readonly httpUrl: string;
  readonly syncUrl: string;
  readonly lines: string[];
  /** Resolves with how the process ended: its exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nobody listens on now: the kernel's pick for port 0, released at once. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts `node dist/main.mjs` on `port` with PGlite in `dataDir`, or with what `env` adds (a DATABASE_URL,
 * a REDIS_URL). Node itself, not a wrapper that would run the relay in a child a SIGKILL leaves running.
 */
export function spawnRelay(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}): RelayProcess {
  const child = spawn(process.execPath, [...RELAY_NODE_FLAGS, MAIN], {
    cwd: ROOT,
    env: {
      ...hermeticEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      BAALDA_DATA_DIR: dataDir,
      BAALDA_WEB_DIR: '/nonexistent',
      // Words alone, as startTestRelay's relays: these tests measure memory and latency against bounds set
      // without a model in the process (meaning has tests of its own); `env` may turn it on.
      BAALDA_EMBEDDER: 'hashed',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  collectLines(child.stdout, lines);
  collectLines(child.stderr, lines);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, httpUrl: `http://127.0.0.1:${port}`, syncUrl: `ws://127.0.0.1:${port}/sync`, lines, exited };
}

// The machine's own relay settings (a DATABASE_URL, a REDIS_URL, BAALDA_*) must not change what the test runs.
function hermeticEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('BAALDA_') && !['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST'].includes(name),
    ),
  );
}

/** Polls `/api/health` until it answers 200; fails at once with the relay's output if the process ends. */
export async function waitForHealth(relay: RelayProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (relay.child.exitCode !== null || relay.child.signalCode !== null) {
      throw new Error(`relay exited before it was healthy:\n${relay.lines.join('\n')}`);
    }
    const ok = await fetch(`${relay.httpUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`relay not healthy after ${timeoutMs} ms:\n${relay.lines.join('\n')}`);
}

/** Signs TEST_OWNER up (the first account: owner of `default`) or in, and mints a read-write token. */
export async function mintOwnerToken(httpUrl: string): Promise<string> {
  const cookie = await sessionCookie(httpUrl, TEST_OWNER);
  const response = await fetch(`${httpUrl}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'crash durability', vaultId: 'default' }),
  });
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

/** Sends `signal` to a relay still running and waits until it is gone. */
export async function stopRelay(relay: RelayProcess, signal: NodeJS.Signals): Promise<void> {
  if (relay.child.exitCode === null && relay.child.signalCode === null) relay.child.kill(signal);
  await relay.exited;
}

/** Every stored note state (`note_document`) of a PGlite folder no process has open, by doc id. */
export async function readStoredStates(pgliteDir: string): Promise<Map<string, Uint8Array>> {
  const db = await PGlite.create(pgliteDir);
  try {
    const result = await db.query<{ doc_id: string; state: Uint8Array }>('SELECT doc_id, state FROM note_document');
    return new Map(result.rows.map((row) => [row.doc_id, row.state]));
  } finally {
    await db.close();
  }
}

/** The relay process's id (for reading its memory from /proc). */
export function pidOf(relay: RelayProcess): number {
  const id = relay.child.pid;
  if (id === undefined) throw new Error('relay has no pid');
  return id;
}

/** Fails, with the relay's last output, unless the process still runs and answers `/api/health`. */
export async function assertRelayUp(relay: RelayProcess): Promise<void> {
  if (relay.child.exitCode !== null || relay.child.signalCode !== null) {
    throw new Error(
      `relay exited (${relay.child.exitCode ?? relay.child.signalCode}):\n${relay.lines.slice(-20).join('\n')}`,
    );
  }
  const status = await fetch(`${relay.httpUrl}/api/health`).then(
    (response) => response.status,
    (error: Error) => error.message,
  );
  if (status !== 200) throw new Error(`relay health answered ${status}`);
}
