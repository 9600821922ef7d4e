import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIMITS, type RelayErrorCode } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { closeFrameFor } from './closeCodes';
import { inspectFrame } from './frameInspector';
import type { Logger } from './logger';
import { type EdgeSettings, isOwnOrigin } from './requestAuth';

/** The one path the sync WebSocket is served on. */
export const SYNC_PATH = '/sync';

// ws enforces this hard cap itself (closing with 1009, no reason) so it never buffers more; frames
// between LIMITS.maxFrameBytes and the cap get our own close reason from inspectFrame.
const TRANSPORT_MAX_PAYLOAD = LIMITS.maxFrameBytes * 2;

/**
 * Accepts WebSocket upgrades on SYNC_PATH and hands each checked frame to Hocuspocus. Frames that fail
 * the envelope check close the socket with a reason naming the rule, before Hocuspocus decodes them.
 */
export function attachWebSocketEdge(
  httpServer: HttpServer,
  hocuspocus: Hocuspocus,
  logger: Logger,
  edge: EdgeSettings,
): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: TRANSPORT_MAX_PAYLOAD });
  httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request) !== SYNC_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // Cross-site WebSocket hijacking: a page of another site could open the socket with our cookie.
    const origin = request.headers.origin;
    if (origin !== undefined && !isOwnOrigin(origin, request, edge)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => connectClient(ws, request, hocuspocus, logger));
  });
  return wss;
}

function connectClient(ws: WebSocket, request: IncomingMessage, hocuspocus: Hocuspocus, logger: Logger): void {
  const edgeSocket = { close: (code: number, reason: string) => ws.close(code, reason) };
  const client = hocuspocus.handleConnection(ws, toFetchRequest(request), { edgeSocket });
  ws.on('message', (data: RawData, isBinary: boolean) => {
    // Frames already in flight after a refusal must not reach Hocuspocus.
    if (ws.readyState !== ws.OPEN) return;
    if (!isBinary) return refuse(ws, 'MESSAGE_NOT_BINARY', 'Send binary frames.', logger);
    const frame = toUint8Array(data);
    const verdict = inspectFrame(frame);
    if (!verdict.ok) return refuse(ws, verdict.code, verdict.message, logger);
    client.handleMessage(frame);
  });
  ws.on('close', (code: number, reason: Buffer) => client.handleClose({ code, reason: reason.toString() }));
  ws.on('error', (error: Error) => logger.warn('websocket error', { message: error.message }));
}

function refuse(ws: WebSocket, code: RelayErrorCode, message: string, logger: Logger): void {
  const frame = closeFrameFor(code, message);
  logger.warn('websocket refused', { code, message });
  ws.close(frame.code, frame.reason);
}

function pathOf(request: IncomingMessage): string {
  return new URL(request.url ?? '/', 'http://relay.invalid').pathname;
}

// Hocuspocus reads headers and query parameters from a Fetch API Request.
function toFetchRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`), { headers });
}

function toUint8Array(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
