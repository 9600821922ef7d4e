import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isAllowedHost } from '../http/hostCheck';
import { endUpgrade, sendError } from '../http/httpErrors';
import { decodePath } from '../http/requestPath';
import { serveStaticFile } from '../http/staticFiles';
import type { EdgeSettings } from '../support/edgeSettings';
import type { Logger } from '../support/logger';
import { isWebAppPath } from './httpHandler';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
/** Takes a WebSocket upgrade whose host was checked; it must answer on the socket or destroy it. */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Requests held while the relay starts; past this they are answered 503 at once. */
const MAX_WAITING_REQUESTS = 1000;

/** The relay's port, listening before the relay behind it is ready. */
export interface EarlyServer {
  readonly httpServer: HttpServer;
  readonly port: number;
  /** From now on every request goes to `handler`, the held ones first, and every upgrade to `upgrade`. */
  open(handler: Handler, upgrade: UpgradeHandler): void;
  /** The relay could not start: held requests are answered 503 and the port is closed. */
  fail(): Promise<void>;
}

/**
 * Listens before the database is open (PGlite takes a second or more to open): the web app's files are
 * served at once, so a browser has its page while the relay starts; API and MCP requests wait for the
 * relay; a sync socket is answered 503 until the access checks exist, and its provider retries. It is the one
 * door of every request and upgrade: the host check (HTTP15) and the headers every answer carries (HTTP16)
 * are here, before any route runs.
 */
export async function listenEarly(options: {
  readonly port: number;
  readonly host: string;
  readonly webDir: string;
  readonly logger: Logger;
  readonly edge: EdgeSettings;
}): Promise<EarlyServer> {
  let handler: Handler | null = null;
  let upgrade: UpgradeHandler = refuseUpgrade;
  let waiting: Array<(next: Handler | null) => void> = [];
  const httpServer = createServer((request, response) => {
    if (!admitRequest(request, response, options.edge)) return;
    if (handler) return handler(request, response);
    const path = decodePath(request.url ?? '/');
    if (path !== null && isWebAppPath(path)) {
      serveStaticFile(request, response, path, options.webDir).catch((error: unknown) => {
        options.logger.error('http request failed', { url: request.url, message: (error as Error).message });
        if (!response.headersSent) sendError(response, 'INTERNAL_ERROR');
      });
      return;
    }
    if (waiting.length >= MAX_WAITING_REQUESTS) return refuseWhileStarting(response);
    waiting.push((next) => (next ? next(request, response) : refuseWhileStarting(response)));
  });
  keepIdleConnectionsOpen(httpServer);
  httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server took its error listener off this socket; a client resetting it while we answer
    // would otherwise raise an unhandled 'error' and end the process.
    socket.on('error', () => {});
    if (!isAllowedHost(request, options.edge)) return endUpgrade(socket, '421 Misdirected Request');
    upgrade(request, socket, head);
  });
  const port = await listen(httpServer, options.port, options.host);
  const release = (next: Handler | null) => {
    const held = waiting;
    waiting = [];
    for (const answer of held) answer(next);
  };
  return {
    httpServer,
    port,
    open(next, nextUpgrade) {
      handler = next;
      upgrade = nextUpgrade;
      release(next);
    },
    async fail() {
      release(null);
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

function refuseWhileStarting(response: ServerResponse): void {
  response.setHeader('Retry-After', '1');
  sendError(response, 'RELAY_STARTING');
}

/**
 * HTTP15, HTTP16: a request to a host the relay does not answer to is refused before any route runs; every
 * answer says `nosniff` (the relay's own JSON, the MCP and OAuth SDKs', files), so no browser reads an answer
 * as a script or a page of another type than it was sent as.
 */
function admitRequest(request: IncomingMessage, response: ServerResponse, edge: EdgeSettings): boolean {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (isAllowedHost(request, edge)) return true;
  sendError(response, 'HOST_NOT_ALLOWED');
  return false;
}

function refuseUpgrade(_request: IncomingMessage, socket: Duplex): void {
  endUpgrade(socket, '503 Service Unavailable', 'Retry-After: 1\r\n');
}

function listen(httpServer: HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve((httpServer.address() as AddressInfo).port);
    });
  });
}

/**
 * HTTP14: how long an idle keep-alive connection stays open. Node's default (5 s) is shorter than many clients
 * keep a connection for reuse: a client sending its next request just as the relay closes the connection gets
 * ECONNRESET, and a client that does not retry (a script, Playwright's request context) fails. A minute covers
 * an assistant's or a person's pause between calls; headers must still arrive within the same bound.
 */
export const IDLE_KEEP_ALIVE_MS = 65_000;

function keepIdleConnectionsOpen(httpServer: HttpServer): void {
  httpServer.keepAliveTimeout = IDLE_KEEP_ALIVE_MS;
  // Node closes a connection whose next request's headers take longer than this; it must outlast the idle wait.
  httpServer.headersTimeout = IDLE_KEEP_ALIVE_MS + 1000;
}
