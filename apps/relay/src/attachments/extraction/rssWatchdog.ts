import { readFileSync } from 'node:fs';

const SAMPLE_INTERVAL_MS = 100;

/**
 * Calls `onExceeded` once when the process's resident memory goes above `maxRssBytes`, sampling every 100 ms.
 * V8's heap limit misses Buffers and ArrayBuffers, which is where a hostile file's memory goes; RSS counts them.
 * Where there is no /proc (not Linux) nothing is sampled and only the child's heap limit applies.
 * Returns the function that stops watching.
 */
export function watchRss(pid: number, maxRssBytes: number, onExceeded: () => void): () => void {
  const timer = setInterval(() => {
    const rss = readRssBytes(pid);
    if (rss === undefined || rss <= maxRssBytes) return;
    clearInterval(timer);
    onExceeded();
  }, SAMPLE_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** Undefined once the process is gone (or on a system without /proc). */
export function readRssBytes(pid: number): number | undefined {
  return readStatusBytes(pid, 'VmRSS');
}

/**
 * The most resident memory the process has held since it started. A file read between two samples never shows
 * in `VmRSS`, so an answer is checked against this peak before it is accepted.
 */
export function readPeakRssBytes(pid: number): number | undefined {
  return readStatusBytes(pid, 'VmHWM');
}

function readStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kibibytes = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status)?.[1];
    return kibibytes === undefined ? undefined : Number(kibibytes) * 1024;
  } catch {
    return undefined;
  }
}
