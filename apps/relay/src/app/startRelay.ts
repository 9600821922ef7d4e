// The composition root: opens the database, makes the services, configures the sync server, starts the
// timers and serves sync, API and web app on one port. Each step is a named function of its own file.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../db/openDatabase';
import { attachWebSocketEdge, SYNC_PATH } from '../sync/websocketEdge';
import { startBackgroundJobs } from './backgroundJobs';
import { createHttpContext } from './httpContext';
import { createHttpHandler } from './httpHandler';
import type { Relay, RelayOptions } from './relayOptions';
import { createRelayServices } from './relayServices';
import { closeEdges } from './shutdown';
import { configureSyncServer, createSyncServer } from './syncServer';

export type { Relay, RelayOptions } from './relayOptions';

/** Opens and migrates the database, then serves sync, API and web app on one port. */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const database = await openDatabase(options.database);
  const hocuspocus = createSyncServer();
  const services = await createRelayServices(options, database, hocuspocus).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  configureSyncServer(hocuspocus, options, database, services);
  const jobs = startBackgroundJobs(options, database, services);
  const context = createHttpContext(options, database, hocuspocus, services);
  const httpServer = createServer(createHttpHandler(context));
  const wss = attachWebSocketEdge(httpServer, hocuspocus, options.logger, context.edge);
  const port = await listen(httpServer, options.port, options.host);
  const urlHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  let closing: Promise<void> | undefined;
  const close = async () => {
    jobs.stop();
    try {
      await closeEdges(httpServer, wss, hocuspocus, options.shutdownTimeoutMs ?? 10_000, options.logger);
    } finally {
      await jobs.idle();
      await services.attachments.close();
      await services.catchUp?.stop();
      await services.scale.close();
      await database.close();
    }
  };
  return {
    port,
    httpUrl: `http://${urlHost}:${port}`,
    syncUrl: `ws://${urlHost}:${port}${SYNC_PATH}`,
    hocuspocus,
    adminKey: services.adminKey,
    attachments: services.attachments,
    recheckConnections: () => services.rechecks.runNow(),
    captureQuietVersions: () => jobs.captureQuietVersions(),
    close: () => {
      closing ??= close();
      return closing;
    },
  };
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
