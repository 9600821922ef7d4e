import type { ExtractionFailureCode, ExtractionResult } from './extractionTypes';

const MIB = 1024 * 1024;

export type ExtractionFailure = Extract<ExtractionResult, { ok: false }>;

export function failed(code: ExtractionFailureCode, reason: string): ExtractionFailure {
  return { ok: false, code, reason };
}

export function timedOut(timeoutMs: number): ExtractionFailure {
  return failed('TIMEOUT', `Reading the text took longer than ${formatSeconds(timeoutMs)}, so it was stopped.`);
}

export function overMemory(maxRssBytes: number): ExtractionFailure {
  return failed(
    'MEMORY_LIMIT',
    `Reading the text needed more than ${formatMiB(maxRssBytes)} of memory, so it was stopped.`,
  );
}

export function overInflated(maxInflatedBytes: number): ExtractionFailure {
  return failed(
    'INFLATE_LIMIT',
    `The document unpacks to more than ${formatMiB(maxInflatedBytes)}, so its text was not read.`,
  );
}

export function crashed(): ExtractionFailure {
  return failed('EXTRACTOR_CRASHED', 'The text extractor stopped unexpectedly while reading this file.');
}

/** `close()` came first: the file was never read, so extracting it again later may well work. */
export function stopped(): ExtractionFailure {
  return failed('EXTRACTOR_CRASHED', 'The text extractor stopped before it could read this file.');
}

function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return seconds === 1 ? '1 second' : `${Number(seconds.toFixed(3))} seconds`;
}

function formatMiB(bytes: number): string {
  return `${Number((bytes / MIB).toFixed(1))} MiB`;
}
