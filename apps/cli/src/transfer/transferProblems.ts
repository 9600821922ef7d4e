import { CliError, EXIT } from '../cliError';

/**
 * The files a transfer could not carry. Each is one line on stderr as it happens; the command goes on
 * with the rest and ends with exit code 1 when there was any (XFER1).
 */
export interface TransferProblems {
  /** Writes `<verb> <path>: <reason>` to stderr and counts it. */
  add(path: string, reason: string): void;
  readonly count: number;
}

/** Problems reported through `note` (the CLI's stderr) as `<verb> <path>: <reason>`. */
export function collectProblems(verb: string, note: (line: string) => void): TransferProblems {
  let count = 0;
  return {
    add(path, reason) {
      count++;
      note(`${verb} ${path}: ${oneLine(reason)}`);
    },
    get count() {
      return count;
    },
  };
}

/**
 * The command's answer: the summary on stdout when every file was carried; otherwise the summary and
 * how many were not, as the error (stderr, exit code 1), so scripts see that something was left out.
 */
export function finish(summary: string, problems: TransferProblems, what: string): string {
  if (problems.count === 0) return summary;
  const files = problems.count === 1 ? 'file' : 'files';
  throw new CliError(`${summary}; ${problems.count} ${files} ${what} (see above)`, EXIT.refused);
}

/** An error that ends the whole transfer (exit code 1), such as a .zip that can no longer be written. */
export class TransferStopped extends CliError {
  constructor(message: string) {
    super(message, EXIT.refused);
  }
}

/**
 * True for the errors that end a whole transfer rather than one file: the relay can't be reached, no
 * longer accepts the token, or keeps pacing it. The relay client's refusals are CliErrors for every
 * status, so these are told apart by the code their message starts with.
 */
export function isFatal(error: unknown): boolean {
  if (error instanceof TransferStopped) return true;
  return error instanceof CliError && /^(UNAUTHENTICATED|RATE_LIMITED|Cannot reach the relay)/.test(error.message);
}

/** An error's message as one line, for a problem report. */
export function reasonOf(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `1 note`, `3 notes`: a count with its noun. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
