import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pgliteBackend, recordingLogger, startTestRelay, type TestRelay } from 'baalda-relay/testing';
import { test as base, inject, vi } from 'vitest';
import { type Mirror, startMirror } from '../src/mirror/startMirror';
import { createRelayClient } from '../src/relayClient';
import { type CuttableLink, createTestVault, freshFolder, removeFolders, type TestVault } from './mirrorFixtures';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// The CLI's own variables are dropped so the machine running the tests can't change what they see.
const { BAALDA_TOKEN, BAALDA_RELAY_URL, ...quietEnv } = process.env;

/** A CLI command run as a child process (the bundle, by plain Node), its stderr kept line by line. */
export interface CliProcess {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly exited: Promise<number | null>;
  /** True while the process runs. */
  isRunning(): boolean;
}

/** What was said while the file ran: the relay's warnings and errors, and Hocuspocus's console warnings. */
export interface RelayRecord {
  readonly relayLines: string[];
  readonly hocuspocusWarnings: string[];
}

/** Starts mirrors as child processes and SIGKILLs any still running when the test ends. */
export interface CliStarter {
  /** `mirror <dir>` of the test's vault through `url` (the relay's own by default), scanning every `intervalMs`. */
  mirror(dir: string, options?: { url?: string; intervalMs?: number }): Promise<CliProcess>;
}

interface FileFixtures {
  relay: TestRelay;
  relayRecord: RelayRecord;
}

/** Mirrors of the test's vault run in this process (scanning every 50 ms), stopped when the test ends. */
export interface InProcessMirrors {
  start(dir: string, url: string): Promise<{ mirror: Mirror; lines: string[] }>;
}

interface TestFixtures {
  vault: TestVault;
  folder: string;
  processes: CliStarter;
  inProcess: InProcessMirrors;
  /** Links (and other servers) closed when the test ends. */
  closeAfter: (server: Pick<CuttableLink, 'close'>) => void;
}

/**
 * The fixtures of the tests that run mirrors: one relay per file (PGlite) whose warnings are recorded, and
 * per test a vault of its own, a fresh folder, and mirrors (child processes or in this process) that never
 * outlive the test. Vitest ends them in the reverse of the order they are defined here: links close
 * first, then the mirrors stop, then the folder goes.
 */
export const mirrorTest = base.extend<{ $test: TestFixtures; $file: FileFixtures }>({
  relayRecord: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter as a pattern
    async ({}, use) => {
      const record: RelayRecord = { relayLines: [], hocuspocusWarnings: [] };
      // Hocuspocus warns on the console before it resets a connection (too many pending documents).
      const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
        record.hocuspocusWarnings.push(args.join(' '));
      });
      await use(record);
      spy.mockRestore();
    },
    { scope: 'file' },
  ],
  relay: [
    async ({ relayRecord }, use) => {
      const database = await pgliteBackend.create();
      const relay = await startTestRelay(database.target, { logger: recordingLogger(relayRecord.relayLines) });
      await use(relay);
      await relay.close();
      await database.dispose();
    },
    { scope: 'file' },
  ],
  vault: async ({ relay }, use) => use(await createTestVault(relay)),
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter as a pattern
  folder: async ({}, use) => {
    const folder = await freshFolder();
    await use(folder);
    await removeFolders([folder]);
  },
  processes: async ({ relay, vault }, use) => {
    const started: CliProcess[] = [];
    await use({
      async mirror(dir, { url = relay.httpUrl, intervalMs = 100 } = {}) {
        const auth = ['--token', vault.token, '--vault', vault.vaultId];
        const running = await spawnCli(['mirror', '--url', url, ...auth, dir, '--interval', String(intervalMs)]);
        started.push(running);
        return running;
      },
    });
    for (const running of started) if (running.isRunning()) running.child.kill('SIGKILL');
    await Promise.all(started.map((running) => running.exited));
  },
  inProcess: async ({ vault }, use) => {
    const running: Mirror[] = [];
    await use({
      async start(dir, url) {
        const lines: string[] = [];
        const relay = createRelayClient(url, vault);
        const mirror = await startMirror({
          dir,
          relay,
          intervalMs: 50,
          treePollMs: 2000,
          log: (line) => lines.push(line),
        });
        running.push(mirror);
        return { mirror, lines };
      },
    });
    await Promise.all(running.map((mirror) => mirror.stop()));
  },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter as a pattern
  closeAfter: async ({}, use) => {
    const servers: Array<Pick<CuttableLink, 'close'>> = [];
    await use((server) => void servers.push(server));
    await Promise.all(servers.map((server) => server.close()));
  },
});

/**
 * Runs the CLI bundle with plain Node (not through a wrapper such as tsx's, which would run the CLI in a
 * child process of its own that a SIGKILL of the wrapper would leave running).
 */
export async function spawnCli(args: readonly string[]): Promise<CliProcess> {
  const child = spawn(process.execPath, [inject('cliBundle'), ...args], {
    cwd: ROOT,
    env: quietEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      if (partial) lines.push(partial);
      resolve(code);
    }),
  );
  return { child, lines, exited, isRunning: () => child.exitCode === null && child.signalCode === null };
}

/**
 * Every stderr line of a mirror that is not one of its own (`mirror: …`): a crash shows here as Node's
 * `Unhandled 'error' event`, an error's message and its stack frames.
 */
export function foreignLines(lines: readonly string[]): string[] {
  return lines.filter((line) => !line.startsWith('mirror: '));
}

/** A local port nothing listens on (one that was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
