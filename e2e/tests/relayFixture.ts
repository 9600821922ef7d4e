import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, type ApiTransport, createApiClient } from '@baalda/core/api';
import { test as base } from '@playwright/test';
import { RELAY_NODE_FLAGS } from '../../scripts/relayNodeFlags.mjs';

/** A relay started the way `npm start` starts it, on the embedded database in a folder of its own. */
export interface E2eRelay {
  readonly url: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

const START_SCRIPT = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));
const BASE_PORT = Number(process.env.BAALDA_E2E_PORT ?? 8797);
const READY_TIMEOUT_MS = 60_000;

/**
 * Starts `scripts/start.mjs` on `port`. Its stdout and stderr go to `<dataDir>/relay.log` (relayLog.ts reads
 * it) and on to this worker's output, so a failing run shows what the relay said.
 */
export async function startE2eRelay(port: number): Promise<E2eRelay> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-e2e-'));
  const log = createWriteStream(join(dataDir, 'relay.log'));
  const child = spawn(process.execPath, [...RELAY_NODE_FLAGS, START_SCRIPT], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BAALDA_DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      process.stderr.write(chunk);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child);
  return {
    url,
    dataDir,
    async stop() {
      await stopChild(child);
      await new Promise<void>((resolve) => log.end(resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// The relay's health route through the typed client; a relay not listening yet makes `fetch` throw.
async function isHealthy(url: string): Promise<boolean> {
  const transport: ApiTransport = async ({ method, path, headers }) => {
    const response = await fetch(`${url}${path}`, { method, headers });
    return { status: response.status, text: await response.text(), header: (name) => response.headers.get(name) };
  };
  return (await createApiClient(transport).call(API.health, {})).ok;
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the relay for ${url} exited with code ${child.exitCode} before it was ready`);
    try {
      if (await isHealthy(url)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the relay for ${url} was not healthy within ${READY_TIMEOUT_MS} ms`);
}

// SIGTERM lets the relay store what it holds and close PGlite; a relay that hangs is killed after 15 s.
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

interface WorkerFixtures {
  /** The relay this worker's tests share; workers never share one, so they run side by side. */
  workerRelay: E2eRelay;
}

interface TestFixtures {
  /** A relay of the test's own, nobody signed up on it yet; stopped after the test. */
  freshRelay: E2eRelay;
}

/** Playwright's `test`, with every page and request pointed at this worker's own relay. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerRelay: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const relay = await startE2eRelay(BASE_PORT + workerInfo.parallelIndex);
      // accounts.ts and relayLog.ts find the admin key and the relay's log through this variable.
      process.env.BAALDA_E2E_DATA_DIR = relay.dataDir;
      await use(relay);
      await relay.stop();
    },
    { scope: 'worker', timeout: READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ workerRelay }, use) => use(workerRelay.url),
  // Starting a relay (its database made afresh) is the fixture's to wait for, with a timeout of its own as the
  // worker's relay has: within the test's, a loaded machine's start-up left the test too little of its minute.
  freshRelay: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const relay = await startE2eRelay(BASE_PORT + 50 + testInfo.parallelIndex);
      await use(relay);
      await relay.stop();
    },
    { timeout: READY_TIMEOUT_MS + 30_000 },
  ],
});

// Specs import everything Playwright's from here; the `test` above takes the place of Playwright's own.
export * from '@playwright/test';
