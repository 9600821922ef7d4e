import { Worker } from 'node:worker_threads';

/** What a save probe did. */
export interface ProbeReport {
  /** The paragraphs it added, one per save, in order. */
  readonly written: readonly string[];
  /** Saves written into the file in place (truncated and rewritten, as many editors and scripts do). */
  readonly inPlace: number;
  /** Saves written to a temporary file and renamed over the file (vim, VS Code, Obsidian). */
  readonly renamed: number;
  /** Reads that found no file (the mirror's swap, between its two system calls) and were tried again. */
  readonly retriedReads: number;
}

/** A running probe. */
export interface SaveProbe {
  /** Stops after the save under way and says what was saved. */
  stop(): Promise<ProbeReport>;
}

// Plain JavaScript for a worker thread: its system calls run beside the mirror's, not between them, as a
// person's editor does in a process of its own. Each save reads the file, adds a paragraph, and writes it
// back, in place or by rename (chosen at random from the seed).
const PROBE_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const { readFileSync, renameSync, writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { file, scratch, seed, stop } = workerData;
const flag = new Int32Array(stop);
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const report = { written: [], inPlace: 0, renamed: 0, retriedReads: 0 };
const readCurrent = () => {
  for (let tries = 0; tries < 1000; tries += 1) {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
      report.retriedReads += 1;
      Atomics.wait(flag, 0, 0, 1);
    }
  }
  throw new Error('the file stayed away for a second');
};
mkdirSync(scratch, { recursive: true });
let burst = 0;
while (Atomics.load(flag, 0) === 0) {
  // Saves come in bursts of 5–15, each 5–30 ms after the last, with 100–400 ms between bursts: the
  // mirror rewrites the file in the pauses, and the next burst's first save races that rewrite.
  burst = burst > 0 ? burst - 1 : 5 + Math.floor(random() * 11);
  Atomics.wait(flag, 0, 0, burst > 0 ? 5 + random() * 25 : 100 + random() * 300);
  if (Atomics.load(flag, 0) !== 0) break;
  const paragraph = 'Probe ' + (report.written.length + 1);
  const text = readCurrent().replace(/\\s*$/, '') + '\\n\\n' + paragraph + '\\n';
  if (random() < 0.5) {
    writeFileSync(file, text);
    report.inPlace += 1;
  } else {
    const temp = join(scratch, String(report.written.length));
    writeFileSync(temp, text);
    renameSync(temp, file);
    report.renamed += 1;
  }
  report.written.push(paragraph);
}
parentPort.postMessage(report);
`;

/**
 * MIR4's probe: a person saving `file` every 5–30 ms in bursts, each save the file as it is plus a
 * paragraph (`Probe <n>`), half of them in place and half by a rename from `scratch` (a dot-folder the
 * mirror ignores).
 */
export function startSaveProbe(options: { file: string; scratch: string; seed: number }): SaveProbe {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { ...options, stop } });
  const report = new Promise<ProbeReport>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  // A failed probe is reported by stop(), not as an unhandled rejection before it.
  report.catch(() => undefined);
  return {
    async stop() {
      const flag = new Int32Array(stop);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      const done = await report;
      await worker.terminate();
      return done;
    },
  };
}
