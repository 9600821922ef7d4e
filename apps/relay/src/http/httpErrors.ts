import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { RELAY_ERRORS, type RelayErrorCode } from '@baalda/core';

const HTTP_STATUS: Record<RelayErrorCode, number> = {
  MESSAGE_MALFORMED: 400,
  MESSAGE_TOO_LARGE: 413,
  MESSAGE_NOT_BINARY: 400,
  DOCUMENT_NAME_INVALID: 400,
  AUTH_TIMEOUT: 408,
  PRE_AUTH_LIMIT: 429,
  TOO_MANY_PENDING_SOCKETS: 503,
  ACCESS_CHECK_FAILED: 503,
  REQUEST_INVALID: 400,
  REQUEST_TOO_LARGE: 413,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  OP_INVALID: 400,
  SEARCH_INVALID: 400,
  VAULT_NOT_FOUND: 404,
  NOTE_NOT_FOUND: 404,
  VERSION_NOT_FOUND: 404,
  NOTE_IN_TRASH: 409,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  SIGN_IN_FAILED: 401,
  TOO_MANY_ATTEMPTS: 429,
  ACCOUNT_DISABLED: 403,
  PASSWORD_WRONG: 403,
  EMAIL_TAKEN: 409,
  EMAIL_INVALID: 400,
  PASSWORD_WEAK: 400,
  INVITE_REQUIRED: 403,
  INVITE_INVALID: 404,
  LAST_OWNER: 409,
  USER_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  OAUTH_REQUEST_NOT_FOUND: 404,
  ORIGIN_REFUSED: 403,
  HOST_NOT_ALLOWED: 421,
  RESTRICTION_REFUSED: 403,
  VAULT_TAKEN: 409,
  RATE_LIMITED: 429,
  ATTACHMENT_TOO_LARGE: 413,
  UPLOAD_INCOMPLETE: 400,
  PATH_INVALID: 400,
  DOC_ID_UNAVAILABLE: 409,
  ATTACHMENT_DAMAGED: 500,
  RELAY_STARTING: 503,
  INTERNAL_ERROR: 500,
};

/** Sends `{ error: { code, message } }` with the status the code maps to. */
export function sendError(response: ServerResponse, code: RelayErrorCode, message: string = RELAY_ERRORS[code]): void {
  // The rest of an oversized body is never read: closing the connection after the answer keeps a
  // keep-alive client from sending its next request into the unread bytes.
  if (code === 'REQUEST_TOO_LARGE' || code === 'ATTACHMENT_TOO_LARGE') response.setHeader('Connection', 'close');
  sendJson(response, HTTP_STATUS[code], { error: { code, message } });
}

/** Sends a JSON body that is never cached (API answers change with every edit). */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
  });
  response.end(payload);
}

/** Answers a WebSocket upgrade with `status` (and any `headers`, each line ending in CRLF) and closes the socket. */
export function endUpgrade(socket: Duplex, status: string, headers = ''): void {
  socket.end(`HTTP/1.1 ${status}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}
