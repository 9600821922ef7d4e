import type { Logger } from '../src/support/logger';

/** A relay logger that keeps every warning and error as one line (`message {fields}`) in `lines`. */
export function recordingLogger(lines: string[]): Logger {
  const record = (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  return { info: () => {}, warn: record, error: record };
}

/**
 * A refusal of the relay's edge (`websocket refused`, WS9's PRE_AUTH_LIMIT) or Hocuspocus's own reset of a
 * connection with too many pending documents: what a client of ours must never meet (SW1).
 */
export function isRefusalLine(line: string): boolean {
  return /websocket refused|PRE_AUTH_LIMIT|pending unauthenticated/.test(line);
}
