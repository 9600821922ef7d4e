import type { Hocuspocus } from '@hocuspocus/server';
import type { Logger } from '../support/logger';
import type { SyncContext } from './AccessExtension';
import { readAccessEpoch } from './accessEpoch';
import type { AccessService } from './accessService';
import { lostConnections, type OpenConnection } from './recheckPass';
import { lostConnectionsAsBefore } from './recheckPassAsBefore';

/** ACL6's close code: the client should reconnect, and each document is decided again. */
export const ACCESS_CHANGED_CLOSE = { code: 4403, reason: 'ACCESS_CHANGED: your access changed; reconnect.' };

/** How often the epoch is read; a change is acted on within this (ACL6 promises 5 s). */
const POLL_MS = 1000;
/**
 * A full re-decision at least this often, whatever the epoch says: it catches what no counter announces
 * (a session that expired under an open socket, another relay's tree moves, heard through Redis).
 * Token expiries need no database and are checked on every tick.
 */
const FULL_EVERY_MS = 60_000;

/** How a relay runs ACL6's passes. */
export interface RecheckOptions {
  readonly clock: () => Date;
  readonly logger: Logger;
  readonly pollMs?: number;
  /** The passes as they were before they were batched and coalesced: only the bench sets it, to compare. */
  readonly asBefore?: boolean;
}

/**
 * ACL6: re-decides every open sync connection when who may see what changes — the access epoch grew
 * (roles, restrictions, tokens, sign-outs, on any relay), the tree changed (a note moved into a private
 * folder), a token expired (every tick) or at least every minute. A connection that lost rights has its
 * whole socket closed; the client reconnects and gets exactly what it may now have (nothing, or read-only).
 */
export type ConnectionRechecks = ReturnType<typeof startConnectionRechecks>;

export function startConnectionRechecks(access: AccessService, hocuspocus: Hocuspocus, options: RecheckOptions) {
  const pollMs = options.pollMs ?? POLL_MS;
  const lost = options.asBefore ? lostConnectionsAsBefore : lostConnections;
  let epoch: bigint | null = null;
  let lastFull = Number.NEGATIVE_INFINITY;
  let requested = false;
  let running: Promise<void> | null = null;

  async function tick(): Promise<void> {
    const current = await readAccessEpoch(access.prisma);
    const now = options.clock();
    if (!requested && current === epoch && Date.now() - lastFull < FULL_EVERY_MS) {
      closeExpiredTokens(hocuspocus, now, options.logger);
      return;
    }
    requested = false;
    epoch = current;
    lastFull = Date.now();
    closeLost(await lost(access, hocuspocus, now), options.logger);
  }

  const run = () => {
    running ??= tick()
      .catch((error: unknown) => options.logger.error('access recheck failed', { message: (error as Error).message }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, pollMs);
  timer.unref();
  return {
    /**
     * Asks for a full re-decision (after a change made here). The first after a quiet tick starts at once;
     * those that follow within a tick wait for the next one, so a burst of creates or uploads costs one
     * pass a tick and none of them waits for it.
     */
    request: () => {
      requested = true;
      if (options.asBefore || (!running && Date.now() - lastFull >= pollMs)) void run();
    },
    /** Runs a full re-decision now (tests). */
    runNow: async () => {
      await running;
      requested = true;
      await run();
    },
    stop: () => clearInterval(timer),
  };
}

function closeLost(connections: readonly OpenConnection[], logger: Logger): void {
  for (const connection of connections) {
    logger.info('access changed: closing socket', {
      document: connection.documentName,
      user: connection.caller.userId,
    });
    connection.edgeSocket.close(ACCESS_CHANGED_CLOSE.code, ACCESS_CHANGED_CLOSE.reason);
  }
}

/** Closes every socket that was opened with this session (sign-out). */
export function closeSessionSockets(hocuspocus: Hocuspocus, sessionHash: string): void {
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      const context = connection.context as SyncContext | undefined;
      if (context?.caller?.kind === 'session' && context.caller.sessionHash === sessionHash) {
        context.edgeSocket?.close(ACCESS_CHANGED_CLOSE.code, 'SIGNED_OUT: this session ended.');
      }
    }
  }
}

function closeExpiredTokens(hocuspocus: Hocuspocus, now: Date, logger: Logger): void {
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      const context = connection.context as SyncContext | undefined;
      const ref = context?.caller;
      if (ref?.kind !== 'token' || ref.expiresAt === null || ref.expiresAt > now.getTime()) continue;
      logger.info('token expired: closing socket', { document: document.name, user: ref.userId });
      context?.edgeSocket?.close(ACCESS_CHANGED_CLOSE.code, ACCESS_CHANGED_CLOSE.reason);
    }
  }
}
