import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A place in the relay's output: what it logs after it is what a test caused. */
export interface RelayLogMark {
  readonly offset: number;
}

// playwright.config.ts tees the relay's stdout and stderr into this file of the run's data folder.
function relayLogPath(): string {
  const dataDir = process.env.BAALDA_E2E_DATA_DIR;
  if (!dataDir) throw new Error('BAALDA_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return join(dataDir, 'relay.log');
}

function readRelayLog(): Buffer {
  return readFileSync(relayLogPath());
}

/** Marks the end of what the relay has logged so far. */
export function markRelayLog(): RelayLogMark {
  return { offset: readRelayLog().byteLength };
}

/** The lines the relay logged since `mark`. */
export function relayLogSince(mark: RelayLogMark): string[] {
  return readRelayLog().subarray(mark.offset).toString('utf8').split('\n').filter(Boolean);
}

/**
 * The relay's refusals of a socket for traffic before authentication: its own (WS9, `PRE_AUTH_LIMIT`) and
 * Hocuspocus's (more than 100 documents pending on one connection).
 */
export function preAuthRefusalsSince(mark: RelayLogMark): string[] {
  return relayLogSince(mark).filter(
    (line) =>
      (line.includes('websocket refused') && line.includes('PRE_AUTH_LIMIT')) ||
      line.includes('too many pending unauthenticated documents'),
  );
}
