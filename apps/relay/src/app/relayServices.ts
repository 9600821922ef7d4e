import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName, hashedEmbedder, LIMITS, VERSION_DEFAULTS, type VersionSettings } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';
import { type AccessService, createAccessService } from '../access/accessService';
import { loadOrCreateAdminKey } from '../access/adminKey';
import { type ConnectionRechecks, startConnectionRechecks } from '../access/connectionRechecks';
import { DEFAULT_PASSWORD_COST } from '../access/passwords';
import { newSecret } from '../access/secrets';
import { AttachmentService } from '../attachments/attachmentService';
import { BlobStore } from '../attachments/blobStore';
import { createTextExtractor } from '../attachments/extraction';
import type { Database } from '../db/openDatabase';
import { type DatabaseCatchUp, startDatabaseCatchUp } from '../scale/catchUpFromDatabase';
import { resyncFromDatabase } from '../scale/resyncFromDatabase';
import { joinRelays, type ScaleOut } from '../scale/scaleOut';
import { SearchIndexes } from '../search/searchIndexes';
import { createSemanticSearch, type SemanticSearch } from '../search/semantic/semanticSearch';
import type { NoteStore } from '../store/noteStore';
import { createPrismaNoteStore } from '../store/prismaNoteStore';
import { broadcastTreeChanged } from '../vault/VaultChannelExtension';
import { createVaultService, type VaultService } from '../vault/vaultService';
import type { RelayOptions } from './relayOptions';

/** The relay's services, each made once and shared by the sync side and the HTTP side. */
export interface RelayServices {
  readonly clock: () => Date;
  readonly store: NoteStore;
  readonly access: AccessService;
  readonly rechecks: ConnectionRechecks;
  readonly indexes: SearchIndexes;
  readonly semantic: SemanticSearch | null;
  readonly scale: ScaleOut;
  readonly catchUp: DatabaseCatchUp | null;
  readonly vaults: VaultService;
  readonly attachments: AttachmentService;
  readonly versionSettings: VersionSettings;
  readonly adminKey: string;
}

/** Makes every service over the open database; on failure, stops what was started before rethrowing. */
export async function createRelayServices(
  options: RelayOptions,
  database: Database,
  hocuspocus: Hocuspocus,
): Promise<RelayServices> {
  const clock = options.clock ?? (() => new Date());
  // SCALE2: with other relays on this database, a store only ever adds to what is stored.
  const store = createPrismaNoteStore(database.prisma, { mergeOnWrite: Boolean(options.redisUrl) });
  const access = createAccessService(database.prisma, options.passwordCost ?? DEFAULT_PASSWORD_COST);
  const rechecks = startConnectionRechecks(access, hocuspocus, {
    clock,
    logger: options.logger,
    asBefore: options.rechecksAsBefore,
  });
  const semantic = options.semantic ? createSemanticSearch(database.prisma, options.semantic, options.logger) : null;
  const indexes = await SearchIndexes.open(database.prisma, options.embedder ?? hashedEmbedder, semantic?.encoder);
  semantic?.start(indexes);
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
    await semantic?.close();
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
  return {
    clock,
    store,
    access,
    rechecks,
    indexes,
    semantic,
    scale,
    catchUp,
    vaults,
    attachments,
    versionSettings: options.versionSettings ?? VERSION_DEFAULTS,
    adminKey: options.adminKeyFile ? await loadOrCreateAdminKey(options.adminKeyFile) : newSecret(),
  };
}
