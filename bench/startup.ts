import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ownRoot = join(import.meta.dirname, '..');

/** Seconds from `npm start` (its script) to the first page served, cold (nothing built) then warm. */
/** `root` is a checkout with its own `npm ci` done: this one, or a baseline to compare with. */
export async function measureStartup(root = ownRoot): Promise<{ cold: number; warm: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-start-'));
  try {
    for (const built of ['apps/web/out', 'apps/web/.next', 'apps/relay/src/generated', 'apps/relay/dist']) {
      await rm(join(root, built), { recursive: true, force: true });
    }
    const cold = await timeFirstPage(root, dataDir);
    const warm = await timeFirstPage(root, dataDir);
    return { cold, warm };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function timeFirstPage(root: string, dataDir: string): Promise<number> {
  const port = 8900 + Math.floor(Math.random() * 90);
  const started = performance.now();
  // `npm start` runs scripts/start.mjs; spawning it directly lets SIGINT reach the relay itself.
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BAALDA_DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    await waitForPage(`http://127.0.0.1:${port}/`, child);
    return (performance.now() - started) / 1000;
  } finally {
    await stop(child);
  }
}

async function waitForPage(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok && (await response.text()).includes('<html')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no page at ${url} within 10 minutes`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}
