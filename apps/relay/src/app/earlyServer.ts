import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { sendError } from '../http/httpErrors';
import { decodePath } from '../http/requestPath';
import { serveStaticFile } from '../http/staticFiles';
import type { Logger } from '../support/logger';
import { isWebAppPath } from './httpHandler';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Requests held while the relay starts; past this they are answered 503 at once. */
const MAX_WAITING_REQUESTS = 1000;

/** The relay's port, listening before the relay behind it is ready. */
export interface EarlyServer {
  readonly httpServer: HttpServer;
  readonly port: number;
  /** From now on every request goes to `handler`, the held ones first; upgrades go to their own listener. */
  open(handler: Handler): void;
  /** The relay could not start: held requests are answered 503 and the port is closed. */
  fail(): Promise<void>;
}

/**
 * Listens before the database is open (PGlite takes a second or more to open): the web app's files are
 * served at once, so a browser has its page while the relay starts; API and MCP requests wait for the
 * relay; a sync socket is answered 503 until the access checks exist, and its provider retries.
 */
export async function listenEarly(options: {
  readonly port: number;
  readonly host: string;
  readonly webDir: string;
  readonly logger: Logger;
}): Promise<EarlyServer> {
  let handler: Handler | null = null;
  let waiting: Array<(next: Handler | null) => void> = [];
  const httpServer = createServer((request, response) => {
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
  httpServer.on('upgrade', refuseUpgrade);
  const port = await listen(httpServer, options.port, options.host);
  const release = (next: Handler | null) => {
    const held = waiting;
    waiting = [];
    for (const answer of held) answer(next);
  };
  return {
    httpServer,
    port,
    open(next) {
      handler = next;
      httpServer.off('upgrade', refuseUpgrade);
      release(next);
    },
    async fail() {
      release(null);
      httpServer.off('upgrade', refuseUpgrade);
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

function refuseWhileStarting(response: ServerResponse): void {
  response.setHeader('Retry-After', '1');
  sendError(response, 'RELAY_STARTING');
}

function refuseUpgrade(_request: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => {});
  socket.end('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
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
