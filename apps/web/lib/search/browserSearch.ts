import { hashedEmbedder } from '@baalda/core';
import { getConnectionStatus } from '../syncSocket';
import { getVaultStore } from '../vault/browserVault';
import { createNoteSearch, type NoteSearch } from './noteSearch';
import { askRelayToSearch } from './relaySearch';
import { readStoredNoteText } from './storedNoteText';

let search: NoteSearch | undefined;

/** This tab's search (relay first, this browser's notes offline); call from effects, never while prerendering. */
export function getNoteSearch(): NoteSearch {
  search ??= createNoteSearch({
    embedder: hashedEmbedder,
    isOffline: () => getConnectionStatus() === 'disconnected',
    askRelay: askRelayToSearch,
    readTree: () => getVaultStore().getState(),
    readText: (docId) => readStoredNoteText(docId),
  });
  return search;
}
