/** The kinds of attachment whose text the relay reads. CSV and JSON are read as the text they are written in. */
export type ExtractionFormat = 'plain' | 'markdown' | 'csv' | 'json' | 'html' | 'pdf' | 'docx';

/** What one file may cost. Uploaded files are hostile until read: every limit holds whatever the file contains. */
export interface ExtractionLimits {
  /** Wall clock per file, from starting its process; the process is SIGKILLed after it. */
  readonly timeoutMs: number;
  /** Resident memory of the file's process, sampled from /proc every ~100 ms; the process is SIGKILLed above it. */
  readonly maxRssBytes: number;
  /** Longer text is cut to this many UTF-16 units, never inside a surrogate pair, and marked truncated. */
  readonly maxTextChars: number;
  /** DOCX: the most bytes a zip entry may inflate to, counted while inflating (the zip-bomb guard). */
  readonly maxInflatedBytes: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = Object.freeze({
  timeoutMs: 30_000,
  maxRssBytes: 512 * MIB,
  maxTextChars: 5_000_000,
  maxInflatedBytes: 64 * MIB,
});

/**
 * Why a file has no text.
 * - `TIMEOUT`: reading it took longer than `timeoutMs`.
 * - `MEMORY_LIMIT`: reading it needed more memory than `maxRssBytes` (or than the process's heap).
 * - `CORRUPT_FILE`: it is not a valid file of its format (or is encrypted).
 * - `INFLATE_LIMIT`: a DOCX whose document unpacks to more than `maxInflatedBytes`.
 * - `EXTRACTOR_CRASHED`: the reading process died or was stopped; the file itself may be fine.
 */
export type ExtractionFailureCode = 'TIMEOUT' | 'MEMORY_LIMIT' | 'CORRUPT_FILE' | 'INFLATE_LIMIT' | 'EXTRACTOR_CRASHED';

/** `reason` is one sentence for people: it is stored with the attachment and shown to its readers. */
export type ExtractionResult =
  | { readonly ok: true; readonly text: string; readonly truncated: boolean }
  | { readonly ok: false; readonly code: ExtractionFailureCode; readonly reason: string };

export interface TextExtractor {
  /** Reads the file at `filePath` (already stored, at most 50 MB) in a separate process and returns its text. Never throws. */
  extract(filePath: string, format: ExtractionFormat): Promise<ExtractionResult>;
  /** Kills running children, refuses new work (resolves pending ones as EXTRACTOR_CRASHED 'extractor stopped'). */
  close(): Promise<void>;
}
