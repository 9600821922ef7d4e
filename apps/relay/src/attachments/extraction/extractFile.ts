import { readFile } from 'node:fs/promises';
import { decodeText } from './decodeText';
import { crashed, type ExtractionFailure, failed } from './extractionFailure';
import type { ExtractionFormat, ExtractionResult } from './extractionTypes';
import { createTextSink, type TextSink } from './textSink';

/** One file for a child process to read, with the limits the child enforces itself. */
export interface ExtractionJob {
  readonly filePath: string;
  readonly format: ExtractionFormat;
  readonly maxTextChars: number;
  readonly maxInflatedBytes: number;
}

/** Runs inside the child: the parent's timeout and memory watchdog are what bound a hostile file here. */
export async function extractFile(job: ExtractionJob): Promise<ExtractionResult> {
  let bytes: Buffer;
  try {
    bytes = await readFile(job.filePath);
  } catch {
    return failed('EXTRACTOR_CRASHED', 'The stored file could not be opened for reading.');
  }
  try {
    const sink = createTextSink(job.maxTextChars);
    const failure = await readFormat(bytes, sink, job);
    return failure ?? { ok: true, ...sink.finish() };
  } catch {
    // The readers turn bad files into CORRUPT_FILE themselves; what still throws is a fault of ours or a library's.
    return crashed();
  }
}

/** Each reader is imported when its format comes: a process per file pays for every module it loads, every time. */
async function readFormat(bytes: Buffer, sink: TextSink, job: ExtractionJob): Promise<ExtractionFailure | undefined> {
  switch (job.format) {
    case 'plain':
    case 'markdown':
    case 'csv':
    case 'json':
      sink.append(decodeText(bytes, job.maxTextChars));
      return undefined;
    case 'html':
      (await import('./htmlText')).extractHtmlText(bytes, sink);
      return undefined;
    case 'pdf':
      return (await import('./pdfText')).extractPdfText(bytes, sink);
    case 'docx':
      return (await import('./docxText')).extractDocxText(bytes, sink, job.maxInflatedBytes);
    default:
      return failed('EXTRACTOR_CRASHED', `The text extractor does not read ${String(job.format)} files.`);
  }
}
