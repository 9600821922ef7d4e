import { resolve } from 'node:path';
import { stopped } from './extractionFailure';
import { type RunningExtraction, startExtractionProcess } from './extractionProcess';
import {
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractionFormat,
  type ExtractionLimits,
  type ExtractionResult,
  type TextExtractor,
} from './extractionTypes';

interface QueuedFile {
  readonly filePath: string;
  readonly format: ExtractionFormat;
  readonly answer: (result: ExtractionResult) => void;
}

/**
 * Reads attachments' text, each file in a process of its own, at most `concurrency` (default 2) at once and the rest
 * in arrival order. A slot frees only when its process is gone, so no more than `concurrency` ever exist.
 *
 * @example
 * const extractor = createTextExtractor({ limits: { timeoutMs: 10_000 } });
 * const result = await extractor.extract('/data/attachments/3f2a.pdf', 'pdf');
 * if (result.ok) index(result.text); else store(result.code, result.reason);
 */
export function createTextExtractor(
  options: { limits?: Partial<ExtractionLimits>; concurrency?: number } = {},
): TextExtractor {
  const limits = checkLimits({ ...DEFAULT_EXTRACTION_LIMITS, ...options.limits });
  const concurrency = options.concurrency ?? 2;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a whole number ≥ 1');
  const queue: QueuedFile[] = [];
  const running = new Set<RunningExtraction>();
  let isClosed = false;

  const startQueued = (): void => {
    while (!isClosed && running.size < concurrency) {
      const next = queue.shift();
      if (!next) return;
      const { filePath, format } = next;
      const job = { filePath, format, maxTextChars: limits.maxTextChars, maxInflatedBytes: limits.maxInflatedBytes };
      const extraction = startExtractionProcess(job, limits);
      running.add(extraction);
      void extraction.result.then(next.answer);
      void extraction.exited.then(() => {
        running.delete(extraction);
        startQueued();
      });
    }
  };

  return {
    extract(filePath, format) {
      if (isClosed) return Promise.resolve(stopped());
      return new Promise((answer) => {
        // Resolved now: the working directory when the caller asked is the one it meant.
        queue.push({ filePath: resolve(filePath), format, answer });
        startQueued();
      });
    },
    async close() {
      isClosed = true;
      for (const waiting of queue.splice(0)) waiting.answer(stopped());
      for (const extraction of running) extraction.stop(stopped());
      await Promise.all([...running].map((extraction) => extraction.exited));
    },
  };
}

function checkLimits(limits: ExtractionLimits): ExtractionLimits {
  for (const [name, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
      throw new RangeError(`extraction limit ${name} must be a number ≥ 0, got ${String(value)}`);
    }
  }
  return limits;
}
