import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { RELAY_DIST } from '../../support/relayPaths';
import { isExtractionResult } from './childMessages';
import type { ExtractionJob } from './extractFile';
import { crashed, type ExtractionFailure, overMemory, timedOut } from './extractionFailure';
import type { ExtractionLimits, ExtractionResult } from './extractionTypes';
import { readPeakRssBytes, watchRss } from './rssWatchdog';

// Compiled with the relay (build.mjs): forking it costs no TypeScript loader, even when the relay itself runs
// from source under the tests.
const CHILD_ENTRY = join(RELAY_DIST, 'extractionChild.mjs');
const MIB = 1024 * 1024;
const MIN_HEAP_MIB = 64;
const STDERR_TAIL_CHARS = 4096;

/** One file being read in its own process. */
export interface RunningExtraction {
  /** Settles once: with the child's answer, or with the limit or crash that ended it. */
  readonly result: Promise<ExtractionResult>;
  /** Resolves when the process is gone (reaped), so nothing is left behind once every one has. */
  readonly exited: Promise<void>;
  /** Kills the process and settles `result` with `outcome`, unless it has settled already. */
  stop(outcome: ExtractionFailure): void;
}

export function startExtractionProcess(job: ExtractionJob, limits: ExtractionLimits): RunningExtraction {
  let child: ChildProcess;
  try {
    child = forkChild(limits);
  } catch {
    return { result: Promise.resolve(crashed()), exited: Promise.resolve(), stop: () => {} };
  }
  return superviseChild(child, job, limits);
}

/**
 * The heap limit makes V8 give up before the watchdog would see the heap grow past the memory cap; it leaves room
 * for Buffers, which the heap limit does not count. Output is dropped and errors are collected, not inherited.
 */
function forkChild(limits: ExtractionLimits): ChildProcess {
  const heapMiB = Math.max(MIN_HEAP_MIB, Math.floor((limits.maxRssBytes / MIB) * 0.75));
  return fork(CHILD_ENTRY, [], {
    execArgv: [`--max-old-space-size=${heapMiB}`, '--disallow-code-generation-from-strings'],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

function superviseChild(child: ChildProcess, job: ExtractionJob, limits: ExtractionLimits): RunningExtraction {
  let settle: (result: ExtractionResult) => void = () => {};
  const result = new Promise<ExtractionResult>((resolve) => {
    settle = resolve;
  });
  let settled = false;
  const stderrTail = collectStderrTail(child);
  const finish = (outcome: ExtractionResult): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    stopWatching();
    // An answered child is killed too: it has nothing left to do, and a killed child cannot linger.
    child.kill('SIGKILL');
    settle(outcome);
  };
  const timer = setTimeout(() => finish(timedOut(limits.timeoutMs)), limits.timeoutMs);
  const stopWatching = child.pid
    ? watchRss(child.pid, limits.maxRssBytes, () => finish(overMemory(limits.maxRssBytes)))
    : () => {};
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => {
      finish(describeUnansweredExit(stderrTail(), limits));
      resolve();
    });
    // A child that never started emits 'error' and may never emit 'close'.
    child.once('error', () => {
      finish(crashed());
      if (child.pid === undefined) resolve();
    });
  });
  child.on('message', (message) => finish(acceptAnswer(message, child.pid, limits)));
  child.send(job, (error) => error && finish(crashed()));
  return { result, exited, stop: finish };
}

/** An answer from a child whose memory peaked above the cap between two watchdog samples is not accepted. */
function acceptAnswer(message: unknown, pid: number | undefined, limits: ExtractionLimits): ExtractionResult {
  if (!isExtractionResult(message)) return crashed();
  const peak = pid === undefined ? undefined : readPeakRssBytes(pid);
  return peak !== undefined && peak > limits.maxRssBytes ? overMemory(limits.maxRssBytes) : message;
}

/** V8 running out of heap aborts the child with this on stderr: the file needed more memory than allowed. */
function describeUnansweredExit(stderr: string, limits: ExtractionLimits): ExtractionFailure {
  return /JavaScript heap out of memory|Reached heap limit/.test(stderr) ? overMemory(limits.maxRssBytes) : crashed();
}

function collectStderrTail(child: ChildProcess): () => string {
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  return () => tail;
}
