import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * Appends each whole line a child process writes to `lines` as it arrives (blank lines left out). A pipe's
 * chunks end wherever the reader caught up, mid-line under load, so splitting each chunk on newlines cut a
 * line in two, and a test counting or matching lines missed it and waited out its timeout.
 */
export function collectLines(stream: Readable | null | undefined, lines: string[]): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    if (line.trim() !== '') lines.push(line);
  });
}
