import type { RelayErrorCode } from '@baalda/core';

/**
 * WebSocket close codes for refusals at the edge. Standard codes where one fits (RFC 6455 §7.4.1),
 * 4xxx (application range) otherwise. The close reason is always `<CODE>: <message>`.
 */
const CLOSE_CODES: Partial<Record<RelayErrorCode, number>> = {
  MESSAGE_NOT_BINARY: 1003,
  MESSAGE_MALFORMED: 1007,
  MESSAGE_TOO_LARGE: 1009,
  DOCUMENT_NAME_INVALID: 4404,
  AUTH_TIMEOUT: 4408,
  PRE_AUTH_LIMIT: 4429,
  // RFC 6455's "Try Again Later".
  TOO_MANY_PENDING_SOCKETS: 1013,
  ACCESS_CHECK_FAILED: 1013,
};

/** A close code and a reason that fits the 123-byte limit of a close frame. */
export function closeFrameFor(code: RelayErrorCode, message: string): { code: number; reason: string } {
  return { code: CLOSE_CODES[code] ?? 1008, reason: fitCloseReason(`${code}: ${message}`) };
}

const MAX_REASON_BYTES = 123;

function fitCloseReason(reason: string): string {
  let fitted = reason;
  while (Buffer.byteLength(fitted) > MAX_REASON_BYTES) fitted = fitted.slice(0, -1);
  return fitted;
}
