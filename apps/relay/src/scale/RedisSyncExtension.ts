import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from '@hocuspocus/extension-redis';
import type { onStoreDocumentPayload } from '@hocuspocus/server';
import { EXTENSION_PRIORITY } from '../support/extensionOrder';

const LOCK_RETRY_MS = 50;

/**
 * SCALE2: Hocuspocus's Redis extension (edits, awareness and stateless messages between relays), except
 * for one thing: a store that finds another relay storing the same document waits for its lock instead of
 * being skipped. A relay stores only the edits its own clients made (edits heard through Redis skip the
 * store hooks), so a skipped store could leave an edit in no database row at all once its writer leaves;
 * waiting stores it, after the other relay's write. The lock expires after `lockTimeout` on its own, so
 * the wait is bounded; past it the library's skip stands.
 */
export class RedisSyncExtension extends Redis {
  override priority = EXTENSION_PRIORITY.redisSync;

  override async onStoreDocument(payload: onStoreDocumentPayload): Promise<void> {
    const deadline = Date.now() + 2 * this.configuration.lockTimeout;
    for (;;) {
      try {
        return await super.onStoreDocument(payload);
      } catch (error) {
        if (!isSkip(error) || Date.now() >= deadline) throw error;
        await delay(LOCK_RETRY_MS);
      }
    }
  }
}

// By name: the error class comes from @hocuspocus/common, which the relay does not import itself.
function isSkip(error: unknown): boolean {
  return error instanceof Error && error.name === 'SkipFurtherHooksError';
}
