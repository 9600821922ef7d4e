import type { Server as HttpServer } from 'node:http';
import type { Hocuspocus } from '@hocuspocus/server';
import type { WebSocketServer } from 'ws';
import type { Logger } from '../support/logger';

const POLL_MS = 20;

/**
 * Resolves once Hocuspocus holds no documents (each was stored and unloaded), or after `timeoutMs`
 * with the names still held, so a failing database can't hang shutdown forever.
 */
export async function waitForDocumentsToUnload(hocuspocus: Hocuspocus, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  // Documents whose last client left unload on their own after storing; a flush re-arms any whose
  // store was debounced again by a late update.
  while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) {
    hocuspocus.flushPendingStores();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return [...hocuspocus.documents.keys()];
}

/**
 * Stops taking requests, asks every socket to reconnect later, stores every changed document (or gives
 * up on them after `timeoutMs`, logged), then ends what is left.
 */
export async function closeEdges(
  httpServer: HttpServer,
  wss: WebSocketServer,
  hocuspocus: Hocuspocus,
  timeoutMs: number,
  logger: Logger,
): Promise<void> {
  const unloaded = waitForDocumentsToUnload(hocuspocus, timeoutMs);
  const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  for (const client of wss.clients) client.close(1001, 'RELAY_SHUTTING_DOWN: reconnect shortly.');
  hocuspocus.flushPendingStores();
  const remaining = await unloaded;
  if (remaining.length > 0) logger.error('shutdown: documents not stored in time', { documents: remaining });
  for (const client of wss.clients) client.terminate();
  httpServer.closeAllConnections();
  await httpClosed;
}
