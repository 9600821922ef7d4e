import type { Logger } from '../support/logger';
import type { AttachmentService } from './attachmentService';

// ATT9: bytes nothing refers to are rare (a purge, a cut-off upload) and harmless for a while.
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** ATT9: sweeps unreferenced attachment bytes now and every hour; `stop` ends it. */
export function startBlobSweeps(attachments: AttachmentService, logger: Logger): { stop(): void } {
  const sweep = () => {
    attachments
      .sweep()
      .then((removed) => {
        if (removed > 0) logger.info('attachment bytes swept', { removed });
      })
      .catch((error: unknown) => logger.error('attachment sweep failed', { message: String(error) }));
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
