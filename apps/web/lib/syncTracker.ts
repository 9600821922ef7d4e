import type { SyncObservation } from '@baalda/core';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type { IndexeddbPersistence } from 'y-indexeddb';
import { afterStoredUpdates } from './localWriteBarrier';
import { createPendingChangeCounter, type DeliveryObservation } from './pendingChanges';
import { getConnectionStatus, subscribeToConnection } from './syncSocket';

/** Watches one note's Y.Doc, provider and storage, and keeps what the sync badge needs to know. */
export interface SyncTracker {
  subscribe(listener: () => void): () => void;
  /** A stable object until something changes (React's useSyncExternalStore relies on that). */
  getObservation(): SyncObservation;
  destroy(): void;
}

interface TrackedNote {
  readonly provider: HocuspocusProvider;
  readonly persistence: IndexeddbPersistence;
  /** The count persisted before the last reload. */
  readonly initialPendingChanges: number;
  /** Called with every new count (and with 0 once everything is delivered), to persist it. */
  readonly onPendingChanges: (count: number) => void;
}

const PROVIDER_EVENTS = ['status', 'synced', 'unsyncedChanges', 'close', 'disconnect'] as const;

export function trackSync({
  provider,
  persistence,
  initialPendingChanges,
  onPendingChanges,
}: TrackedNote): SyncTracker {
  const counter = createPendingChangeCounter(initialPendingChanges, [provider, persistence]);
  const listeners = new Set<() => void>();
  let observation = observe(provider, counter.count);
  let unsavedLocalWrites = 0;
  let destroyed = false;

  const refresh = () => {
    if (destroyed) return;
    if (counter.observeDelivery(toDeliveryObservation(provider, unsavedLocalWrites))) onPendingChanges(0);
    const next = observe(provider, counter.count);
    if (isSameObservation(next, observation)) return;
    observation = next;
    for (const listener of listeners) listener();
  };
  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    if (!counter.recordUpdate(origin)) return;
    unsavedLocalWrites += 1;
    void afterStoredUpdates(persistence).then(() => {
      unsavedLocalWrites -= 1;
      refresh();
    });
    onPendingChanges(counter.count);
    refresh();
  };

  persistence.doc.on('update', onUpdate);
  for (const event of PROVIDER_EVENTS) provider.on(event, refresh);
  const unsubscribeConnection = subscribeToConnection(refresh);
  refresh();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getObservation: () => observation,
    destroy() {
      destroyed = true;
      unsubscribeConnection();
      persistence.doc.off('update', onUpdate);
      for (const event of PROVIDER_EVENTS) provider.off(event, refresh);
    },
  };
}

function toDeliveryObservation(provider: HocuspocusProvider, unsavedLocalWrites: number): DeliveryObservation {
  return {
    connection: getConnectionStatus(),
    handshakeDone: provider.isSynced,
    unsyncedChanges: provider.unsyncedChanges,
    unsavedLocalWrites,
  };
}

function observe(provider: HocuspocusProvider, pendingChanges: number): SyncObservation {
  return { connection: getConnectionStatus(), handshakeDone: provider.isSynced, pendingChanges };
}

function isSameObservation(a: SyncObservation, b: SyncObservation): boolean {
  return a.connection === b.connection && a.handshakeDone === b.handshakeDone && a.pendingChanges === b.pendingChanges;
}
