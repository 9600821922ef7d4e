import type { VersionSettings } from '@baalda/core';
import type { PrismaClient } from '../generated/prisma/client';
import type { Logger } from '../support/logger';
import { captureQuietVersions } from './quietCaptures';

/** The quiet-capture loop; `runNow` lets tests (with a fake clock) and shutdown drive it. */
export interface VersionScheduler {
  runNow(): Promise<number>;
  stop(): void;
  /** Resolves once no run is in flight (shutdown waits for it before closing the database). */
  idle(): Promise<void>;
}

const MAX_CHECK_INTERVAL_MS = 30_000;

/**
 * VC1 on a timer: checks every 30 s (or a quarter of the quiet period, if shorter), so a version
 * lands at most that long after the note went quiet, and once right away, for notes that went quiet
 * while the relay was down. Runs never overlap; a failed run is logged and the next one retries.
 */
export function startVersionScheduler(
  prisma: PrismaClient,
  options: { settings: VersionSettings; clock: () => Date; logger: Logger },
): VersionScheduler {
  // Each run reads the clock when it starts; runs queue up instead of overlapping.
  let tail: Promise<number> = Promise.resolve(0);
  let pending = 0;
  const runNow = () => {
    pending += 1;
    tail = tail
      .catch(() => 0)
      .then(() => captureQuietVersions(prisma, options.clock(), options.settings))
      .finally(() => {
        pending -= 1;
      });
    return tail;
  };
  const runLogged = () => {
    if (pending > 0) return;
    runNow().catch((error: unknown) =>
      options.logger.error('quiet version capture failed; retrying on the next run', { error: String(error) }),
    );
  };
  const timer = setInterval(runLogged, Math.min(MAX_CHECK_INTERVAL_MS, options.settings.quietMs / 4));
  timer.unref();
  runLogged();
  return {
    runNow,
    stop: () => clearInterval(timer),
    idle: () =>
      tail.then(
        () => undefined,
        () => undefined,
      ),
  };
}
