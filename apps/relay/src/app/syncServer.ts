import { Hocuspocus } from '@hocuspocus/server';
import { AccessExtension } from '../access/AccessExtension';
import type { Database } from '../db/openDatabase';
import { IndexExtension } from '../search/IndexExtension';
import { PersistenceExtension } from '../store/PersistenceExtension';
import { StoreCycleReadings } from '../store/storeCycleReadings';
import { PresenceExtension } from '../sync/PresenceExtension';
import { VaultChannelExtension } from '../vault/VaultChannelExtension';
import { VersionExtension } from '../versions/VersionExtension';
import type { RelayOptions } from './relayOptions';
import type { RelayServices } from './relayServices';

/**
 * The Hocuspocus instance, made before the services (they hold it to reach open documents) and given its
 * settings and extensions by {@link configureSyncServer} once they exist.
 */
export function createSyncServer(): Hocuspocus {
  return new Hocuspocus();
}

/**
 * Every extension of the sync server. Their order is their `priority` (support/extensionOrder.ts), which
 * Hocuspocus sorts by when it is configured; the list's order here does not matter.
 */
export function configureSyncServer(
  hocuspocus: Hocuspocus,
  options: RelayOptions,
  database: Database,
  services: RelayServices,
): void {
  const { clock, logger } = { clock: services.clock, logger: options.logger };
  const debounce = options.storeDebounceMs ?? 1000;
  // The note's text is read once per store and shared by the version and index extensions.
  const readings = new StoreCycleReadings();
  hocuspocus.configure({
    name: 'baalda-relay',
    quiet: true,
    debounce,
    maxDebounce: debounce * 2,
    extensions: [
      new AccessExtension(services.access, clock, logger),
      ...(services.scale.extension ? [services.scale.extension] : []),
      new VersionExtension(database.prisma, services.versionSettings, clock, logger, readings),
      new PersistenceExtension(services.store, clock, logger),
      new IndexExtension(services.indexes, clock, readings, database.prisma),
      new VaultChannelExtension(services.access, services.vaults, clock, logger),
      new PresenceExtension(),
    ],
  });
}
