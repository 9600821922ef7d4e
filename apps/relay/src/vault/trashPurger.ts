import type { Logger } from '../support/logger';
import type { VaultService } from './vaultService';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** TR4: purges notes that have been in the trash longer than the retention period, now and hourly. */
export function startTrashPurger(
  vaults: VaultService,
  options: { retentionMs: number; clock: () => Date; logger: Logger },
): { stop(): void } {
  const sweep = async () => {
    const now = options.clock();
    for (const vaultId of await vaults.listVaultIds()) {
      try {
        const purged = await vaults.purgeTrashedBefore(vaultId, new Date(now.getTime() - options.retentionMs), now);
        if (purged > 0) options.logger.info('purged expired trash', { vaultId, purged });
      } catch (error) {
        // A failed sweep is retried at the next interval; nothing is lost by waiting.
        options.logger.error('trash purge failed', { vaultId, message: (error as Error).message });
      }
    }
  };
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
