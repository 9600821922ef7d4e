// A relay started as `npm start` starts it (scripts/start.mjs: builds what is stale, then serves the web app, the
// sync WebSocket and the API on one port) on the embedded database in a fresh folder, with its owner signed up.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, pathFor } from '@baalda/core/api';
import { mintOwnerToken } from '../benchAccount';

/** The running relay, reached as its owner. */
export interface AppRelay {
  readonly url: string;
  /** A read-write token of the owner for vault `default`. */
  readonly token: string;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');
// A first `npm start` in a fresh checkout builds the web app before it listens.
const READY_TIMEOUT_MS = 600_000;

/** Starts the relay on `port` and signs up its owner; its output goes to `relay.log` in its data folder. */
export async function startAppRelay(port: number): Promise<AppRelay> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-editor-'));
  const log = createWriteStream(join(dataDir, 'relay.log'));
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BAALDA_DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    await new Promise<void>((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child);
    return { url, token: await mintOwnerToken(url), stop };
  } catch (error) {
    // The data folder goes with the relay, so what it said goes into the error.
    const said = (await readFile(join(dataDir, 'relay.log'), 'utf8').catch(() => '')).slice(-2000);
    await stop();
    throw new Error(`the bench relay did not start; it said:\n${said}`, { cause: error });
  }
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the relay exited with ${child.exitCode}`);
    const response = await fetch(`${url}${pathFor(API.health, {})}`).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the relay at ${url} was not healthy within ${READY_TIMEOUT_MS / 1000} s`);
}

// SIGTERM lets the relay store what it holds and close PGlite; one that hangs is killed after 15 s.
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
