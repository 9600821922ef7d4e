import { DEFAULT_DRAFTS_FOLDER, LIMITS, type RateLimit, SIGN_UP_LIMITS } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import { type CallMeter, localCallMeter, localSignInGuard } from '../access/callLimits';
import { closeSessionSockets } from '../access/connectionRechecks';
import type { Database } from '../db/openDatabase';
import { createLinkService } from '../links/linkService';
import { createOAuthServer } from '../oauth/oauthServer';
import type { ScaleOut } from '../scale/scaleOut';
import { LOCAL_EDGE } from '../support/edgeSettings';
import { createDraftRecords } from '../vault/draftRecords';
import { createVaultReader } from '../vault/vaultReader';
import { createVersionService } from '../versions/versionService';
import { keepVersionAlone } from '../versions/versionStore';
import type { HttpContext } from './httpHandler';
import type { RelayOptions } from './relayOptions';
import type { RelayServices } from './relayServices';

/** What the HTTP handler is given: the services it calls, and how the relay is reached. */
export function createHttpContext(
  options: RelayOptions,
  database: Database,
  hocuspocus: Hocuspocus,
  services: RelayServices,
): HttpContext {
  const { clock, access, indexes, vaults, attachments, scale } = services;
  const edge = options.edge ?? LOCAL_EDGE;
  const search: HttpContext['search'] = (request) => indexes.search(request);
  return {
    vaults,
    versions: createVersionService(database.prisma, hocuspocus, { settings: services.versionSettings, clock }),
    search,
    links: createLinkService(database.prisma),
    reindex: (embedder, onProgress) => indexes.reindex(embedder, clock, onProgress),
    defaultEmbedder: () => indexes.activeEmbedder,
    semantic: services.semantic && {
      encoderName: services.semantic.encoder.name,
      catchUp: (onProgress) => services.semantic?.catchUp(onProgress) ?? Promise.resolve({ done: 0, total: 0 }),
    },
    clock,
    backend: database.backend,
    webDir: options.webDir,
    logger: options.logger,
    access,
    edge,
    adminKey: services.adminKey,
    signIns: scale.limits?.signInGuard() ?? localSignInGuard(),
    signUps: {
      perAddress: meterOf(scale, SIGN_UP_LIMITS.perAddress),
      hashing: meterOf(scale, SIGN_UP_LIMITS.hashing),
    },
    recheckConnections: () => services.rechecks.request(),
    vaultAccessChanged: (vaultId) => vaults.touch(vaultId),
    attachments,
    closeSessionSockets: (sessionHash) => closeSessionSockets(hocuspocus, sessionHash),
    oauth: createOAuthServer({ access, edge, clock }),
    mcp: {
      access,
      edge,
      clock,
      logger: options.logger,
      limiter: meterOf(
        scale,
        options.mcpRateLimit ?? { perSecond: LIMITS.mcpRequestsPerSecond, burst: LIMITS.mcpRequestBurst },
      ),
      reader: createVaultReader(database.prisma),
      draftRecords: createDraftRecords(database.prisma),
      keepVersion: async (capture) => {
        await keepVersionAlone(database.prisma, capture, clock(), services.versionSettings.maxVersions);
      },
      hocuspocus,
      notes: services.store,
      vaults,
      attachments,
      search,
      draftsFolder: options.draftsFolder ?? DEFAULT_DRAFTS_FOLDER,
    },
  };
}

// LIM10 per token (and ACC11's sign-up buckets): one bucket for the whole group of relays when they share
// Redis (SCALE8).
function meterOf(scale: ScaleOut, limit: RateLimit): CallMeter {
  return scale.limits?.callMeter(limit) ?? localCallMeter(limit);
}
