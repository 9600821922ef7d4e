import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Embedder,
  formatNoteDocumentName,
  hashedEmbedder,
  LIMITS,
  type RateLimit,
  VERSION_DEFAULTS,
  type VersionSettings,
} from '@baalda/core';
import { Hocuspocus } from '@hocuspocus/server';
import type { WebSocketServer } from 'ws';
import { createAccessService } from '../access/accessService';
import { loadOrCreateAdminKey } from '../access/adminKey';
import { closeSessionSockets, startConnectionRechecks } from '../access/connectionRechecks';
import { DEFAULT_PASSWORD_COST, type PasswordCost } from '../access/passwords';
import { newSecret } from '../access/secrets';
import { AttachmentService } from '../attachments/attachmentService';
import { BlobStore } from '../attachments/blobStore';
import { startBlobSweeps } from '../attachments/blobSweeps';
import { createTextExtractor, type ExtractionLimits } from '../attachments/extraction';
import { type DatabaseTarget, openDatabase } from '../db/openDatabase';
import { AccessExtension } from '../extensions/AccessExtension';
import { IndexExtension } from '../extensions/IndexExtension';
import { PersistenceExtension } from '../extensions/PersistenceExtension';
import { StoreCycleReadings } from '../extensions/storeCycleReadings';
import { broadcastTreeChanged, VaultChannelExtension } from '../extensions/VaultChannelExtension';
import { startDatabaseCatchUp } from '../scale/catchUpFromDatabase';
import { resyncFromDatabase } from '../scale/resyncFromDatabase';
import { joinRelays, type ScaleOut } from '../scale/scaleOut';
import { type CallMeter, localCallMeter, localSignInGuard } from '../scale/sharedLimits';
import { SearchIndexes } from '../search/searchIndexes';
import { createPrismaNoteStore } from '../store/prismaNoteStore';
import { startTrashPurger } from '../vault/trashPurger';
import { createVaultService } from '../vault/vaultService';
import { VersionExtension } from '../versions/VersionExtension';
import { startVersionScheduler } from '../versions/versionScheduler';
import { createVersionService } from '../versions/versionService';
import { createHttpHandler } from './httpHandler';
import type { Logger } from './logger';
import type { EdgeSettings } from './requestAuth';
import { waitForDocumentsToUnload } from './shutdown';
import { attachWebSocketEdge, SYNC_PATH } from './websocketEdge';

/** TR4: thirty days in the trash, unless BAALDA_TRASH_RETENTION_DAYS says otherwise. */
export const DEFAULT_TRASH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** How to start a relay. */
export interface RelayOptions {
  readonly database: DatabaseTarget;
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly host: string;
  /** The exported web app to serve (apps/web/out). */
  readonly webDir: string;
  readonly logger: Logger;
  readonly clock?: () => Date;
  /** Quiet time before a changed document is stored; stores happen at least every 2 × this. */
  readonly storeDebounceMs?: number;
  /** How long a trashed note is kept before it is purged (TR4); default 30 days. */
  readonly trashRetentionMs?: number;
  /** The embedder for index rows (EMB1); the hashed bag of words by default. */
  readonly embedder?: Embedder;
  /** How long shutdown waits for pending stores before giving up on them (logged). */
  readonly shutdownTimeoutMs?: number;
  /** VC1/VC3: quiet period and cap of version history; VERSION_DEFAULTS when absent. */
  readonly versionSettings?: VersionSettings;
  /** ACC10: where the admin key is kept; absent: a fresh key in memory only (tests read `relay.adminKey`). */
  readonly adminKeyFile?: string;
  /** ACC2: scrypt cost; DEFAULT_PASSWORD_COST when absent. */
  readonly passwordCost?: PasswordCost;
  /** How the relay is reached from outside (cookie flags, own origin, proxy). */
  readonly edge?: EdgeSettings;
  /** LIM10: the MCP rate per token; LIMITS' when absent (tests that poll raise it). */
  readonly mcpRateLimit?: RateLimit;
  /** ATT2: where attachments' bytes are kept; absent: a fresh temporary folder (tests). */
  readonly attachmentsDir?: string;
  /** LIM12 (ATT1): the largest attachment, in bytes; LIMITS.maxAttachmentBytes when absent. */
  readonly maxAttachmentBytes?: number;
  /** LIM13 (ATT5): bounds of one text extraction; LIMITS' when absent. */
  readonly extractionLimits?: Partial<ExtractionLimits>;
  /** SCALE1: the Redis shared with the other relays on this database; absent: this relay is alone. */
  readonly redisUrl?: string | null;
  /** SCALE1: the namespace of Redis keys and channels (tests keep runs apart); `baalda` when absent. */
  readonly redisPrefix?: string;
}

/** A running relay. */
export interface Relay {
  readonly port: number;
  readonly httpUrl: string;
  readonly syncUrl: string;
  readonly hocuspocus: Hocuspocus;
  /** ACC10: the key `/api/admin/*` wants as a Bearer token. */
  readonly adminKey: string;
  /** ACL6: re-decides every open sync connection now. */
  recheckConnections(): Promise<void>;
  /** ATT1–ATT9: uploads, stored bytes and their text (tests wait on `settled()`). */
  readonly attachments: AttachmentService;
  /** VC1: runs a quiet-version capture now (with the relay's clock); how many versions were kept. */
  captureQuietVersions(): Promise<number>;
  /** Stops taking connections, stores every changed document, then closes the database. */
  close(): Promise<void>;
}

/** Opens and migrates the database, then serves sync, API and web app on one port. */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const clock = options.clock ?? (() => new Date());
  const database = await openDatabase(options.database);
  // SCALE2: with other relays on this database, a store only ever adds to what is stored.
  const store = createPrismaNoteStore(database.prisma, { mergeOnWrite: Boolean(options.redisUrl) });
  const debounce = options.storeDebounceMs ?? 1000;
  const hocuspocus: Hocuspocus = new Hocuspocus({
    name: 'baalda-relay',
    quiet: true,
    debounce,
    maxDebounce: debounce * 2,
  });
  const access = createAccessService(database.prisma, options.passwordCost ?? DEFAULT_PASSWORD_COST);
  const rechecks = startConnectionRechecks(access, hocuspocus, { clock, logger: options.logger });
  const indexes = await SearchIndexes.open(database.prisma, options.embedder ?? hashedEmbedder);
  const treeChanged = (vaultId: string, version: number) => {
    broadcastTreeChanged(hocuspocus, vaultId, version);
    // ACL6: a note moved into a private folder closes the sockets that may no longer read it.
    rechecks.request();
  };
  // DOC2: a purged note's clients are let go; reconnecting is refused (DOC_ID_RETIRED).
  const closeNotes = (docIds: readonly string[]) => {
    for (const docId of docIds) hocuspocus.closeConnections(formatNoteDocumentName(docId));
  };
  // SCALE9: a relay of a group folds in what the others stored; alone, it is its notes' only writer.
  const catchUp = options.redisUrl
    ? startDatabaseCatchUp({ prisma: database.prisma, hocuspocus, logger: options.logger })
    : null;
  const scale = await joinRelays(options.redisUrl, {
    prefix: options.redisPrefix,
    hocuspocus,
    logger: options.logger,
    handlers: {
      reloadIndexRows: (docIds) => indexes.reloadRows(docIds),
      closeNotes,
      treeChanged,
      resync: resyncFromDatabase({ prisma: database.prisma, indexes, hocuspocus, treeChanged, closeNotes, catchUp }),
    },
  }).catch(async (error: unknown) => {
    rechecks.stop();
    await catchUp?.stop();
    await database.close();
    throw error;
  });
  indexes.onCommitted(scale.indexChanged);
  const vaults = createVaultService(
    database.prisma,
    (vaultId, version) => {
      treeChanged(vaultId, version);
      scale.treeChanged(vaultId, version);
    },
    {
      setPlace: (docId, place) => indexes.setPlace(docId, place),
      remove: (docId) => {
        indexes.remove(docId);
        closeNotes([docId]);
        scale.notePurged(docId);
      },
    },
  );
  const versionSettings = options.versionSettings ?? VERSION_DEFAULTS;
  const adminKey = options.adminKeyFile ? await loadOrCreateAdminKey(options.adminKeyFile) : newSecret();
  const edge = options.edge ?? { publicUrl: null, trustProxy: false };
  // The note's text is read once per store and shared by the version and index extensions.
  const readings = new StoreCycleReadings();
  hocuspocus.configuration.extensions.push(
    new AccessExtension(access, clock, options.logger),
    // SCALE2: right after the door and before every store hook: its onStoreDocument takes the document's
    // Redis lock and skips the version, persistence and index hooks while another relay stores it.
    ...(scale.extension ? [scale.extension] : []),
    // Before persistence: it reads the state a destructive edit is about to replace (VC2).
    new VersionExtension(database.prisma, versionSettings, clock, options.logger, readings),
    new PersistenceExtension(store, clock, options.logger),
    new IndexExtension(indexes, clock, readings),
    new VaultChannelExtension(access, vaults, clock, options.logger),
  );
  const attachments = new AttachmentService({
    prisma: database.prisma,
    blobs: new BlobStore(options.attachmentsDir ?? (await mkdtemp(join(tmpdir(), 'baalda-attachments-')))),
    extractor: createTextExtractor({ limits: options.extractionLimits }),
    vaults,
    index: indexes,
    clock,
    maxBytes: options.maxAttachmentBytes ?? LIMITS.maxAttachmentBytes,
    onExtractionFailed: (docId, reason) => options.logger.info('attachment text not read', { docId, reason }),
  });
  await attachments.start();
  const sweeps = startBlobSweeps(attachments, options.logger);
  const purger = startTrashPurger(vaults, {
    retentionMs: options.trashRetentionMs ?? DEFAULT_TRASH_RETENTION_MS,
    clock,
    logger: options.logger,
  });
  const versionScheduler = startVersionScheduler(database.prisma, {
    settings: versionSettings,
    clock,
    logger: options.logger,
  });
  const httpServer = createServer(
    createHttpHandler({
      vaults,
      versions: createVersionService(database.prisma, hocuspocus, { settings: versionSettings, clock }),
      search: (request) => indexes.search(request),
      reindex: (embedder, onProgress) => indexes.reindex(embedder, clock, onProgress),
      defaultEmbedder: () => indexes.activeEmbedder,
      clock,
      backend: database.backend,
      webDir: options.webDir,
      logger: options.logger,
      access,
      edge,
      adminKey,
      signIns: scale.limits?.signInGuard() ?? localSignInGuard(),
      recheckConnections: () => rechecks.request(),
      vaultAccessChanged: (vaultId) => vaults.touch(vaultId),
      attachments,
      closeSessionSockets: (sessionHash) => closeSessionSockets(hocuspocus, sessionHash),
      mcp: {
        access,
        edge,
        clock,
        logger: options.logger,
        limiter: meterOf(
          scale,
          options.mcpRateLimit ?? { perSecond: LIMITS.mcpRequestsPerSecond, burst: LIMITS.mcpRequestBurst },
        ),
        prisma: database.prisma,
        hocuspocus,
        notes: store,
        vaults,
        attachments,
        search: (request) => indexes.search(request),
      },
    }),
  );
  const wss = attachWebSocketEdge(httpServer, hocuspocus, options.logger, edge);
  const port = await listen(httpServer, options.port, options.host);
  const urlHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  let closing: Promise<void> | undefined;
  return {
    port,
    httpUrl: `http://${urlHost}:${port}`,
    syncUrl: `ws://${urlHost}:${port}${SYNC_PATH}`,
    hocuspocus,
    adminKey,
    attachments,
    recheckConnections: () => rechecks.runNow(),
    captureQuietVersions: () => versionScheduler.runNow(),
    close: () => {
      purger.stop();
      sweeps.stop();
      versionScheduler.stop();
      rechecks.stop();
      closing ??= shutDown(httpServer, wss, hocuspocus, options.shutdownTimeoutMs ?? 10_000, options.logger).finally(
        async () => {
          await versionScheduler.idle();
          await attachments.close();
          await catchUp?.stop();
          await scale.close();
          await database.close();
        },
      );
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

async function shutDown(
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

// LIM10 per token: one bucket for the whole group of relays when they share Redis (SCALE8).
function meterOf(scale: ScaleOut, limit: RateLimit): CallMeter {
  return scale.limits?.callMeter(limit) ?? localCallMeter(limit);
}
