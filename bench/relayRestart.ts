// How long a relay takes to serve again when it is started on a database it has used before: after a clean
// stop, and after a SIGKILL (what a crash test does). The compiled relay, as `npm start` and the tests run it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, pathFor } from '@baalda/core/api';

/** How to start a relay: this checkout's compiled one, or a baseline checkout's command. */
export type RelayCommand = readonly string[];
const COMPILED: RelayCommand = [join(import.meta.dirname, '..', 'apps', 'relay', 'dist', 'main.mjs')];

export interface RestartTimes {
  readonly afterStop: number;
  readonly afterKill: number;
}

/** Seconds from spawn to a healthy `/api/health`, on PGlite (`dataDir`) or the given DATABASE_URL. */
export async function measureRelayRestart(databaseUrl = '', command: RelayCommand = COMPILED): Promise<RestartTimes> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-restart-'));
  try {
    await (await startRelay(command, dataDir, databaseUrl)).stop('SIGINT');
    const second = await startRelay(command, dataDir, databaseUrl);
    await second.stop('SIGKILL');
    const third = await startRelay(command, dataDir, databaseUrl);
    await third.stop('SIGINT');
    return { afterStop: second.seconds, afterKill: third.seconds };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function startRelay(command: RelayCommand, dataDir: string, databaseUrl: string) {
  const port = 8990 + Math.floor(Math.random() * 9);
  const started = performance.now();
  const child = spawn(process.execPath, [...command], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BAALDA_DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: 'ignore',
  });
  await waitForHealth(`http://127.0.0.1:${port}${pathFor(API.health, {})}`, child);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, stop: (signal: NodeJS.Signals) => stop(child, signal) };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`relay exited with ${child.exitCode}`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`relay not healthy at ${url} within 2 minutes`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
