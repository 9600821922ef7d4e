import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIMITS, type RelayErrorCode } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { clientAddressOf, isOwnOrigin } from '../access/requestAuth';
import { endUpgrade } from '../http/httpErrors';
import { closeFrameFor } from '../support/closeCodes';
import type { EdgeSettings } from '../support/edgeSettings';
import type { Logger } from '../support/logger';
import { inspectFrame } from './frameInspector';
import { PendingSockets, PreAuthGuard } from './preAuthGuard';

/** The one path the sync WebSocket is served on. */
export const SYNC_PATH = '/sync';

// ws enforces this hard cap itself (closing with 1009, no reason) so it never buffers more; frames
// between LIMITS.maxFrameBytes and the cap get our own close reason from inspectFrame.
const TRANSPORT_MAX_PAYLOAD = LIMITS.maxFrameBytes * 2;

/** The sync socket's side of the edge: its server, and what takes each upgrade the early server admitted. */
export interface WebSocketEdge {
  readonly wss: WebSocketServer;
  /** Takes an upgrade whose host was checked (HTTP15) and whose socket already ignores errors. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * Accepts WebSocket upgrades on SYNC_PATH and hands each checked frame to Hocuspocus. Frames that fail
 * the envelope check close the socket with a reason naming the rule, before Hocuspocus decodes them.
 */
export function createWebSocketEdge(hocuspocus: Hocuspocus, logger: Logger, edge: EdgeSettings): WebSocketEdge {
  const wss = new WebSocketServer({ noServer: true, maxPayload: TRANSPORT_MAX_PAYLOAD });
  const pending = new PendingSockets();
  return {
    wss,
    upgrade(request, socket, head) {
      // An exception here would be uncaught and end the process: one request with `Host: [::1` did (WS11).
      try {
        upgradeSocket({ request, socket, head }, { wss, hocuspocus, logger, edge, pending });
      } catch (error) {
        logger.warn('websocket upgrade failed', { message: (error as Error).message });
        socket.destroy();
      }
    },
  };
}

interface UpgradeRequest {
  readonly request: IncomingMessage;
  readonly socket: Duplex;
  readonly head: Buffer;
}

interface EdgeParts {
  readonly wss: WebSocketServer;
  readonly hocuspocus: Hocuspocus;
  readonly logger: Logger;
  readonly edge: EdgeSettings;
  readonly pending: PendingSockets;
}

function upgradeSocket({ request, socket, head }: UpgradeRequest, parts: EdgeParts) {
  const url = parseRequestUrl(request);
  if (url === null) return endUpgrade(socket, '400 Bad Request');
  if (url.pathname !== SYNC_PATH) return endUpgrade(socket, '404 Not Found');
  // Cross-site WebSocket hijacking: a page of another site could open the socket with our cookie.
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, request, parts.edge)) return endUpgrade(socket, '403 Forbidden');
  // WS10: counted only once the handshake succeeded, so a refused handshake never leaks a count.
  const address = clientAddressOf(request, parts.edge);
  parts.wss.handleUpgrade(request, socket, head, (ws) => {
    if (!parts.pending.tryAdd(address)) {
      return refuse(ws, 'TOO_MANY_PENDING_SOCKETS', 'Authenticate the sockets you have open first.', parts.logger);
    }
    const guard = new PreAuthGuard(parts.pending, address, (refusal) =>
      refuse(ws, refusal.code, refusal.message, parts.logger),
    );
    connectClient(ws, toFetchRequest(request, url), parts.hocuspocus, parts.logger, guard);
  });
}

function connectClient(
  ws: WebSocket,
  request: Request,
  hocuspocus: Hocuspocus,
  logger: Logger,
  guard: PreAuthGuard,
): void {
  const edgeSocket = {
    close: (code: number, reason: string) => ws.close(code, reason),
    authenticated: () => guard.markAuthenticated(),
  };
  const client = hocuspocus.handleConnection(ws, request, { edgeSocket });
  ws.on('message', (data: RawData, isBinary: boolean) => {
    // Frames already in flight after a refusal must not reach Hocuspocus.
    if (ws.readyState !== ws.OPEN) return;
    if (!isBinary) return refuse(ws, 'MESSAGE_NOT_BINARY', 'Send binary frames.', logger);
    const frame = toUint8Array(data);
    const verdict = inspectFrame(frame);
    if (!verdict.ok) return refuse(ws, verdict.code, verdict.message, logger);
    const overBudget = guard.check(verdict.documentName, frame.byteLength);
    if (overBudget) return refuse(ws, overBudget.code, overBudget.message, logger);
    client.handleMessage(frame);
  });
  ws.on('close', (code: number, reason: Buffer) => {
    guard.release();
    client.handleClose({ code, reason: reason.toString() });
  });
  ws.on('error', (error: Error) => logger.warn('websocket error', { message: error.message }));
}

function refuse(ws: WebSocket, code: RelayErrorCode, message: string, logger: Logger): void {
  const frame = closeFrameFor(code, message);
  logger.warn('websocket refused', { code, message });
  ws.close(frame.code, frame.reason);
}

// The Host header is not the base: any client may send one `new URL` refuses. Null when the target itself
// is not a URL (`//[`, `http://[/sync`).
function parseRequestUrl(request: IncomingMessage): URL | null {
  try {
    return new URL(request.url ?? '/', 'http://relay.invalid');
  } catch {
    return null;
  }
}

// Hocuspocus reads headers and query parameters from a Fetch API Request.
function toFetchRequest(request: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(url, { headers });
}

function toUint8Array(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
