/** What the connection to the relay is doing, as the provider reports it. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** What a person is told about a note's sync (SYNC6). */
export type SyncState =
  | { readonly kind: 'offline'; readonly pendingChanges: number }
  | { readonly kind: 'syncing'; readonly pendingChanges: number }
  | { readonly kind: 'synced'; readonly pendingChanges: 0 };

/** Inputs to {@link describeSyncState}. */
export interface SyncObservation {
  readonly connection: ConnectionStatus;
  /** True once the relay has answered the first sync exchange of this session. */
  readonly handshakeDone: boolean;
  /** Local edits not yet acknowledged by the relay. */
  readonly pendingChanges: number;
}

/**
 * SYNC6: a note is "synced" only when connected, past the first sync exchange, and with no local edit
 * waiting for the relay's acknowledgement; "offline" whenever the socket is down, whatever else is true.
 * @example describeSyncState({ connection: 'connected', handshakeDone: true, pendingChanges: 0 }) // synced
 */
export function describeSyncState(observation: SyncObservation): SyncState {
  const pendingChanges = Math.max(0, Math.floor(observation.pendingChanges));
  if (observation.connection !== 'connected') return { kind: 'offline', pendingChanges };
  if (!observation.handshakeDone || pendingChanges > 0) return { kind: 'syncing', pendingChanges };
  return { kind: 'synced', pendingChanges: 0 };
}
