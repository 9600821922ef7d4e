import type { ConnectionStatus } from '@baalda/core';

/** Where the note's local edits stand: the provider's view of the relay, plus this device's own storage. */
export interface DeliveryObservation {
  readonly connection: ConnectionStatus;
  /** The provider's `isSynced`: the relay answered this session's first sync exchange. */
  readonly handshakeDone: boolean;
  /** The provider's `unsyncedChanges`: messages sent that the relay has not acknowledged. */
  readonly unsyncedChanges: number;
  /** Local edits whose IndexedDB write has not committed yet. */
  readonly unsavedLocalWrites: number;
}

/**
 * Counts local edits not yet safe everywhere. The provider's own `unsyncedChanges` can't be shown directly:
 * it restarts from zero on reload and counts protocol messages, not edits. So we count edits ourselves and
 * only trust the provider (and IndexedDB) to tell us when everything has landed.
 */
export interface PendingChangeCounter {
  readonly count: number;
  /** Call for every Y.Doc update; returns true when the update was a local edit and was counted. */
  recordUpdate(origin: unknown): boolean;
  /** Call whenever the observation may have changed; returns true when the count dropped to zero. */
  observeDelivery(observation: DeliveryObservation): boolean;
}

/**
 * @param initialCount the count persisted before the last reload.
 * @param remoteOrigins transaction origins that are not local edits: the provider (remote updates) and the
 *   IndexedDB persistence (replaying what is already stored).
 */
export function createPendingChangeCounter(
  initialCount: number,
  remoteOrigins: readonly unknown[],
): PendingChangeCounter {
  let count = Math.max(0, Math.floor(initialCount));
  return {
    get count() {
      return count;
    },
    recordUpdate(origin) {
      if (remoteOrigins.includes(origin)) return false;
      count += 1;
      return true;
    },
    observeDelivery(observation) {
      if (count === 0 || !isDelivered(observation)) return false;
      count = 0;
      return true;
    },
  };
}

/**
 * Every local edit so far is on the relay (connected, past the handshake, nothing awaiting an ack) and in
 * IndexedDB. The second half matters: the relay can acknowledge faster than IndexedDB commits, and a reload
 * in that gap would lose edits that the badge had already called synced.
 */
export function isDelivered(observation: DeliveryObservation): boolean {
  return (
    observation.connection === 'connected' &&
    observation.handshakeDone &&
    observation.unsyncedChanges === 0 &&
    observation.unsavedLocalWrites === 0
  );
}
