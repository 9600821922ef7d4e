import { startBlobSweeps } from '../attachments/blobSweeps';
import type { Database } from '../db/openDatabase';
import { startTrashPurger } from '../vault/trashPurger';
import { startVersionScheduler } from '../versions/versionScheduler';
import type { RelayOptions } from './relayOptions';
import type { RelayServices } from './relayServices';

/** TR4: thirty days in the trash, unless BAALDA_TRASH_RETENTION_DAYS says otherwise. */
export const DEFAULT_TRASH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** What runs on timers: blob sweeps (ATT), the trash purger (TR4) and quiet-version captures (VC1). */
export interface BackgroundJobs {
  /** VC1: runs a quiet-version capture now; how many versions were kept. */
  captureQuietVersions(): Promise<number>;
  /** Stops every timer; jobs already running finish (see {@link idle}). */
  stop(): void;
  /** Resolves once no job is running. */
  idle(): Promise<void>;
}

export function startBackgroundJobs(
  options: RelayOptions,
  database: Database,
  services: RelayServices,
): BackgroundJobs {
  const { clock } = services;
  const sweeps = startBlobSweeps(services.attachments, options.logger);
  const purger = startTrashPurger(services.vaults, {
    retentionMs: options.trashRetentionMs ?? DEFAULT_TRASH_RETENTION_MS,
    clock,
    logger: options.logger,
  });
  const versionScheduler = startVersionScheduler(database.prisma, {
    settings: services.versionSettings,
    clock,
    logger: options.logger,
  });
  return {
    captureQuietVersions: () => versionScheduler.runNow(),
    stop: () => {
      purger.stop();
      sweeps.stop();
      versionScheduler.stop();
      services.rechecks.stop();
    },
    idle: () => versionScheduler.idle(),
  };
}
