import { formatVaultDocumentName } from '@baalda/core';
import { WindowedProvider } from '@baalda/sync-client';
import * as Y from 'yjs';
import { reportSessionLost } from '../account/sessionLoss';
import { classifySyncRefusal } from '../noteAccess';
import { getSyncSocket, getSyncWindow } from '../syncSocket';

/**
 * Reads the relay's stateless tree message, `{"type":"treeChanged","version":N}`; anything else (a future
 * message type, a malformed one) is ignored rather than trusted.
 */
export function parseTreeChanged(payload: string): number | null {
  try {
    const message = JSON.parse(payload) as { type?: unknown; version?: unknown };
    return message.type === 'treeChanged' && typeof message.version === 'number' ? message.version : null;
  } catch {
    return null;
  }
}

/**
 * Listens on the shared sync socket for "the tree changed" (sent after every batch the relay applies) and
 * for each (re)connection, when anything may have been missed. Returns a function that stops listening.
 */
export function listenToVaultChannel(
  vaultId: string,
  handlers: { onTreeChanged: (version: number) => void; onConnected: () => void },
): () => void {
  const provider = new WindowedProvider({
    websocketProvider: getSyncSocket(),
    window: getSyncWindow(),
    // Its answer starts every catch-up (SW1): it must not wait behind a backlog of notes.
    priority: 'foreground',
    // The vault's tree channel (`vault:<id>`); its document carries no content.
    name: formatVaultDocumentName(vaultId),
    document: new Y.Doc(),
    onStateless: ({ payload }) => {
      const version = parseTreeChanged(payload);
      if (version !== null) handlers.onTreeChanged(version);
    },
    onSynced: ({ state }) => {
      if (state) handlers.onConnected();
    },
    // The socket's word for a dead session (expired, signed out elsewhere) reaches the account gate as a 401
    // does; a tab with nothing to send over HTTP would otherwise never learn it.
    onAuthenticationFailed: ({ reason }) => {
      if (classifySyncRefusal(reason) === 'signedOut') reportSessionLost();
    },
  });
  // Given a shared websocketProvider, the provider does not attach itself (see noteSession).
  provider.attach();
  return () => provider.destroy();
}
