import type { Hocuspocus } from '@hocuspocus/server';
import type { SyncContext } from '../extensions/AccessExtension';
import type { Logger } from '../server/logger';
import { readAccessEpoch } from './accessEpoch';
import type { AccessService } from './accessService';
import type { Caller } from './callers';
import { decideDocument } from './documentAccess';
import { callerOfRef } from './socketCallers';

/** ACL6's close code: the client should reconnect, and each document is decided again. */
export const ACCESS_CHANGED_CLOSE = { code: 4403, reason: 'ACCESS_CHANGED: your access changed; reconnect.' };

/** How often the epoch is read; a change is acted on within this (ACL6 promises 5 s). */
const POLL_MS = 1000;
/** A full re-decision at least this often, whatever the epoch says (expiries, other relays' tree moves). */
const FULL_EVERY_MS = 4000;

/**
 * ACL6: re-decides every open sync connection when who may see what changes — the access epoch grew
 * (roles, restrictions, tokens, sign-outs, on any relay), the tree changed (a note moved into a private
 * folder) or at least every 4 s (expiries). A connection that lost rights has its whole socket closed;
 * the client reconnects and gets exactly what it may now have (nothing, or read-only).
 */
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
    if (!requested && current === epoch && Date.now() - lastFull < FULL_EVERY_MS) return;
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

async function recheckAll(access: AccessService, hocuspocus: Hocuspocus, now: Date, logger: Logger): Promise<void> {
  // One lookup per session or token per pass, however many documents it has open.
  const callers = new Map<string, Promise<Caller | null>>();
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      const context = connection.context as SyncContext | undefined;
      if (!context?.caller || !context.edgeSocket || !context.rights) continue;
      const ref = context.caller;
      const key = ref.kind === 'session' ? `s:${ref.sessionHash}` : `t:${ref.tokenId}`;
      if (!callers.has(key)) callers.set(key, callerOfRef(access, ref, now));
      const caller = await callers.get(key);
      const rights = caller ? await decideDocument(access, caller, document.name, now) : { read: false, write: false };
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
