// The composition root: listens, opens the database, makes the services, configures the sync server, starts
// the timers and serves sync, API and web app on one port. Each step is a named function of its own file.
import { openDatabase } from '../db/openDatabase';
import { LOCAL_EDGE } from '../support/edgeSettings';
import { createWebSocketEdge, SYNC_PATH } from '../sync/websocketEdge';
import { startBackgroundJobs } from './backgroundJobs';
import { listenEarly } from './earlyServer';
import { createHttpContext } from './httpContext';
import { createHttpHandler } from './httpHandler';
import type { Relay, RelayOptions } from './relayOptions';
import { createRelayServices } from './relayServices';
import { closeEdges } from './shutdown';
import { configureSyncServer, createSyncServer } from './syncServer';

export type { Relay, RelayOptions } from './relayOptions';

/**
 * Listens at once (serving the web app's files), opens and migrates the database, then serves sync, API
 * and web app on one port; resolves once all of it is served.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const early = await listenEarly({ ...options, edge: options.edge ?? LOCAL_EDGE });
  const database = await openDatabase(options.database).catch(async (error: unknown) => {
    await early.fail();
    throw error;
  });
  const hocuspocus = createSyncServer();
  const services = await createRelayServices(options, database, hocuspocus).catch(async (error: unknown) => {
    await early.fail();
    await database.close();
    throw error;
  });
  configureSyncServer(hocuspocus, options, database, services);
  const jobs = startBackgroundJobs(options, database, services);
  const context = createHttpContext(options, database, hocuspocus, services);
  const { httpServer, port } = early;
  const sockets = createWebSocketEdge(hocuspocus, options.logger, context.edge);
  early.open(createHttpHandler(context), sockets.upgrade);
  const urlHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  let closing: Promise<void> | undefined;
  const close = async () => {
    jobs.stop();
    try {
      await closeEdges(httpServer, sockets.wss, hocuspocus, options.shutdownTimeoutMs ?? 10_000, options.logger);
    } finally {
      await jobs.idle();
      await services.attachments.close();
      await services.semantic?.close();
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
    prisma: database.prisma,
    adminKey: services.adminKey,
    attachments: services.attachments,
    semantic: services.semantic,
    recheckConnections: () => services.rechecks.runNow(),
    captureQuietVersions: () => jobs.captureQuietVersions(),
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
