import type { ExtractionJob } from './extractFile';
import type { ExtractionFailureCode, ExtractionFormat, ExtractionResult } from './extractionTypes';

/** What crosses the IPC channel is checked on arrival, in both directions: neither side trusts a stray message. */

const FORMATS: ReadonlySet<string> = new Set<ExtractionFormat>([
  'plain',
  'markdown',
  'csv',
  'json',
  'html',
  'pdf',
  'docx',
]);
const FAILURE_CODES: ReadonlySet<string> = new Set<ExtractionFailureCode>([
  'TIMEOUT',
  'MEMORY_LIMIT',
  'CORRUPT_FILE',
  'INFLATE_LIMIT',
  'EXTRACTOR_CRASHED',
]);

export function isExtractionJob(message: unknown): message is ExtractionJob {
  if (!isRecord(message)) return false;
  const { filePath, format, maxTextChars, maxInflatedBytes } = message;
  return (
    typeof filePath === 'string' &&
    typeof format === 'string' &&
    FORMATS.has(format) &&
    isNonNegative(maxTextChars) &&
    isNonNegative(maxInflatedBytes)
  );
}

export function isExtractionResult(message: unknown): message is ExtractionResult {
  if (!isRecord(message)) return false;
  if (message.ok === true) return typeof message.text === 'string' && typeof message.truncated === 'boolean';
  return (
    message.ok === false &&
    typeof message.code === 'string' &&
    FAILURE_CODES.has(message.code) &&
    typeof message.reason === 'string'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isNonNegative(value: unknown): value is number {
  return typeof value === 'number' && value >= 0;
}
