import { type PresenceUser, presenceUserOf, RELAY_ERRORS } from '@baalda/core';
import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { closeFrameFor } from '../support/closeCodes';
import { EXTENSION_PRIORITY } from '../support/extensionOrder';
import type { Logger } from '../support/logger';
import type { AccessService } from './accessService';
import { type DocumentRights, decideDocument } from './documentAccess';
import { type CallerRef, refOf } from './socketCallers';

/** Closes the client's whole WebSocket (ACL6: the provider reconnects and every document is decided anew). */
export interface EdgeSocket {
  close(code: number, reason: string): void;
  /** WS9: a document on this socket passed authentication, which ends the socket's pre-auth limits. */
  authenticated?(): void;
}

/** What every sync connection carries in its Hocuspocus context. */
export interface SyncContext {
  readonly edgeSocket?: EdgeSocket;
  readonly caller?: CallerRef;
  readonly rights?: DocumentRights;
  /** PRES7: who this connection's awareness states speak for, whatever the client puts in them. */
  readonly presence?: PresenceUser;
}

/**
 * ACL4 at the sync door: every document a socket opens is decided on its own, from the session cookie
 * on the upgrade or the provider's token. No access → `permission-denied` and not one byte of the
 * document (Hocuspocus loads nothing before this hook passes); read-only access → a read-only
 * connection, whose updates Hocuspocus refuses and never applies.
 */
export class AccessExtension implements Extension {
  extensionName = 'AccessExtension';
  priority = EXTENSION_PRIORITY.access;

  constructor(
    private readonly access: AccessService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  async onAuthenticate(payload: onAuthenticatePayload<SyncContext>): Promise<Partial<SyncContext>> {
    try {
      return await this.decide(payload);
    } catch (error) {
      if (isRefusal(error)) throw error;
      // WS12: the relay failed, not the caller. A refusal would show "no access" until the next reconnect;
      // closing the socket makes the provider reconnect (with its backoff) and ask again.
      this.logger.error('sync access not decided', {
        document: payload.documentName,
        message: (error as Error).message,
      });
      const { code, reason } = closeFrameFor('ACCESS_CHECK_FAILED', RELAY_ERRORS.ACCESS_CHECK_FAILED);
      payload.context.edgeSocket?.close(code, reason);
      throw refusal(reason);
    }
  }

  private async decide(payload: onAuthenticatePayload<SyncContext>): Promise<Partial<SyncContext>> {
    const now = this.clock();
    const caller = await this.access.callers.resolve(
      {
        cookie: payload.requestHeaders.get('cookie'),
        authorization: payload.requestHeaders.get('authorization'),
        providerToken: payload.token || null,
      },
      now,
    );
    if (!caller) throw refusal('UNAUTHENTICATED: sign in, or pass a valid access token.');
    const rights = await decideDocument(this.access, caller, payload.documentName, now);
    if (!rights.read) {
      this.logger.info('sync document refused', { document: payload.documentName, user: caller.user.id });
      // The same answer as for a document that does not exist, so ids can't be probed.
      throw refusal('NOT_FOUND: no such document is open to you.');
    }
    payload.connectionConfig.readOnly = !rights.write;
    payload.context.edgeSocket?.authenticated?.();
    return { caller: refOf(caller), rights, presence: presenceUserOf(caller.user) };
  }
}

function refusal(reason: string): { reason: string } {
  return { reason };
}

function isRefusal(error: unknown): error is { reason: string } {
  return typeof error === 'object' && error !== null && !(error instanceof Error) && 'reason' in error;
}
