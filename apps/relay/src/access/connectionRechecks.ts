import type { Hocuspocus } from '@hocuspocus/server';
import type { Logger } from '../support/logger';
import { openNoteIds } from '../sync/openNotes';
import type { SyncContext } from './AccessExtension';
import { readAccessEpoch } from './accessEpoch';
import type { AccessService } from './accessService';
import type { Caller } from './callers';
import { decideDocument, loadNotePlaces } from './documentAccess';
import { callerOfRef } from './socketCallers';

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

/**
 * ACL6: re-decides every open sync connection when who may see what changes — the access epoch grew
 * (roles, restrictions, tokens, sign-outs, on any relay), the tree changed (a note moved into a private
 * folder), a token expired (every tick) or at least every minute. A connection that lost rights has its whole socket closed;
 * the client reconnects and gets exactly what it may now have (nothing, or read-only).
 */
export type ConnectionRechecks = ReturnType<typeof startConnectionRechecks>;

export function startConnectionRechecks(
  access: AccessService,
  hocuspocus: Hocuspocus,
  options: { clock: () => Date; logger: Logger; pollMs?: number },
) {
  let epoch: bigint | null = null;
  let lastFull = 0;
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
    await recheckAll(access, hocuspocus, now, options.logger);
  }

  const run = () => {
    running ??= tick()
      .catch((error: unknown) => options.logger.error('access recheck failed', { message: (error as Error).message }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, options.pollMs ?? POLL_MS);
  timer.unref();
  return {
    /** Asks for a full re-decision on the next tick (after a change made here). */
    request: () => {
      requested = true;
      void run();
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

async function recheckAll(shared: AccessService, hocuspocus: Hocuspocus, now: Date, logger: Logger): Promise<void> {
  // One lookup per session or token, and per caller and vault, per pass, however many documents are open.
  const callers = new Map<string, Promise<Caller | null>>();
  const access = withRememberedVaultAccess(shared);
  const notePlaces = await loadNotePlaces(access, openNoteIds(hocuspocus));
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      const context = connection.context as SyncContext | undefined;
      if (!context?.caller || !context.edgeSocket || !context.rights) continue;
      const ref = context.caller;
      const key = ref.kind === 'session' ? `s:${ref.sessionHash}` : `t:${ref.tokenId}`;
      if (!callers.has(key)) callers.set(key, callerOfRef(access, ref, now));
      const caller = await callers.get(key);
      const rights = caller
        ? await decideDocument(access, caller, document.name, now, notePlaces)
        : { read: false, write: false };
      if (rights.read && rights.write === context.rights.write) continue;
      logger.info('access changed: closing socket', { document: document.name, user: context.caller.userId });
      context.edgeSocket.close(ACCESS_CHANGED_CLOSE.code, ACCESS_CHANGED_CLOSE.reason);
    }
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

// The same access service, remembering each caller's access to each vault for one pass.
function withRememberedVaultAccess(access: AccessService): AccessService {
  const remembered = new Map<string, ReturnType<AccessService['callers']['vaultAccess']>>();
  const keyOf = (caller: Caller, vaultId: string) =>
    `${caller.user.id}|${caller.kind === 'token' ? caller.token.id : ''}|${vaultId}`;
  const vaultAccess: AccessService['callers']['vaultAccess'] = (caller, vaultId, now) => {
    const key = keyOf(caller, vaultId);
    let found = remembered.get(key);
    if (!found) {
      found = access.callers.vaultAccess(caller, vaultId, now);
      remembered.set(key, found);
    }
    return found;
  };
  return { ...access, callers: { ...access.callers, vaultAccess } };
}
