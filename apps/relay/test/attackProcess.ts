import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { AttackEnd, AttackJob } from './attackWorker';
import { authFrame } from './rawSockets';

// Compiled by the test run's global setup (build.mjs).
const WORKER = join(import.meta.dirname, '..', 'dist-test', 'attackWorker.mjs');

/** What an attack sends: frame lists over fresh sockets, `concurrency` at a time. */
export interface AttackPlan {
  readonly url: string;
  readonly sockets: readonly (readonly Uint8Array[])[];
  readonly concurrency?: number;
  readonly lingerMs?: number;
  /** Each socket first authenticates `documentName` with `token`, then sends its frames. */
  readonly authenticate?: { readonly documentName: string; readonly token: string };
  /** Raw HTTP requests to send over TCP to the relay's port instead of sockets. */
  readonly raw?: readonly string[];
}

/** An attacker process, started and ready: `run()` starts the attack and resolves with each socket's end. */
export interface AttackProcess {
  run(): Promise<AttackEnd[]>;
}

/**
 * Starts an attacker process for `plan` (see attackWorker.ts) and resolves once it is ready, so its
 * start-up is over before any latency is measured.
 */
export async function startAttackProcess(plan: AttackPlan): Promise<AttackProcess> {
  const child = spawn(process.execPath, [WORKER], { stdio: ['pipe', 'pipe', 'inherit'] });
  // The attacker stands for another machine: on a two-core CI box its own CPU use would otherwise be
  // measured as the relay's slowness. Lowest priority lets the relay and the probe run first.
  if (child.pid !== undefined) setPriority(child.pid, 19);
  const lines = readLines(child);
  child.stdin.write(`${JSON.stringify(jobOf(plan))}\n`);
  if ((await lines.next()) !== 'ready') throw new Error('attack process did not start');
  return {
    run: async () => {
      child.stdin.write('go\n');
      return JSON.parse(await lines.next()) as AttackEnd[];
    },
  };
}

/** Starts an attacker for `plan`, runs it and resolves with each socket's end. */
export async function runAttackProcess(plan: AttackPlan): Promise<AttackEnd[]> {
  return (await startAttackProcess(plan)).run();
}

function jobOf(plan: AttackPlan): AttackJob {
  return {
    url: plan.url,
    sockets: plan.sockets.map((frames) => frames.map((frame) => Buffer.from(frame).toString('base64'))),
    concurrency: plan.concurrency ?? 10,
    lingerMs: plan.lingerMs ?? 2_000,
    raw: plan.raw,
    port: Number(new URL(plan.url).port),
    authenticate: plan.authenticate && {
      documentName: plan.authenticate.documentName,
      frame: Buffer.from(authFrame(plan.authenticate.documentName, plan.authenticate.token)).toString('base64'),
    },
  };
}

/** The child's stdout as lines; `next()` rejects if the child exits first. */
function readLines(child: ChildProcess): { next(): Promise<string> } {
  const lines: string[] = [];
  const waiting: Array<(line: string | null) => void> = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  child.once('exit', () => {
    for (const waiter of waiting.splice(0)) waiter(null);
  });
  return {
    next: async () => {
      const line = lines.shift() ?? (await new Promise<string | null>((resolve) => waiting.push(resolve)));
      if (line === null) throw new Error('attack process ended early');
      return line;
    },
  };
}
