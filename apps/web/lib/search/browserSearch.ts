import { hashedEmbedder } from '@baalda/core';
import type { LocalNames } from '../account/localNames';
import { getConnectionStatus } from '../syncSocket';
import type { VaultStore } from '../vault/vaultStoreTypes';
import { createNoteSearch, type NoteSearch } from './noteSearch';
import { askRelayToSearch } from './relaySearch';
import { readStoredNoteText } from './storedNoteText';

/** One vault's search in this tab (relay first, this browser's copies of its notes offline). */
export function createBrowserSearch(parts: { vaultId: string; store: VaultStore; names: LocalNames }): NoteSearch {
  const { vaultId, store, names } = parts;
  return createNoteSearch({
    embedder: hashedEmbedder,
    isOffline: () => getConnectionStatus() === 'disconnected',
    askRelay: (query, limit) => askRelayToSearch(vaultId, query, limit),
    readTree: () => store.getState(),
    readText: (docId) => readStoredNoteText(names.noteDatabase(docId)),
  });
}
