import type { HocuspocusProvider, onAuthenticationFailedParameters } from '@hocuspocus/provider';
import { reportSessionLost } from './account/sessionLoss';
import {
  classifySyncRefusal,
  initialNoteAccess,
  type NoteAccess,
  type NoteAccessEvent,
  nextNoteAccess,
} from './noteAccess';
import { getConnectionStatus, subscribeToConnection } from './syncSocket';

/** Follows what the relay says about one note's provider (see noteAccess). */
export interface NoteAccessWatcher {
  getAccess(): NoteAccess;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

// The relay answers a sync request in milliseconds; past this, a local copy is shown rather than nothing.
const PATIENCE_MS = 2000;

/**
 * Watches the provider's authentication answers. `onDenied` runs once, when the relay says the note is not
 * open to this person. A refusal for a dead session goes to the account gate, as an HTTP 401 does.
 */
export function watchNoteAccess(provider: HocuspocusProvider, onDenied: () => void): NoteAccessWatcher {
  const listeners = new Set<() => void>();
  let access = initialNoteAccess(getConnectionStatus());
  const apply = (event: NoteAccessEvent) => {
    const next = nextNoteAccess(access, event);
    if (next === access) return;
    access = next;
    if (next === 'denied') onDenied();
    for (const listener of listeners) listener();
  };
  const onAuthenticated = () => apply({ kind: 'authenticated' });
  const onRefused = ({ reason }: onAuthenticationFailedParameters) => {
    if (classifySyncRefusal(reason) === 'signedOut') reportSessionLost();
    apply({ kind: 'refused', reason });
  };
  provider.on('authenticated', onAuthenticated);
  provider.on('authenticationFailed', onRefused);
  const unsubscribeConnection = subscribeToConnection(() =>
    apply({ kind: 'connection', status: getConnectionStatus() }),
  );
  const patience = setTimeout(() => apply({ kind: 'patienceOver' }), PATIENCE_MS);
  return {
    getAccess: () => access,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      clearTimeout(patience);
      unsubscribeConnection();
      provider.off('authenticated', onAuthenticated);
      provider.off('authenticationFailed', onRefused);
      listeners.clear();
    },
  };
}
