import { hashedEmbedder } from '@baalda/core';
import type { LocalNames } from '../account/localNames';
import { getConnectionStatus } from '../syncSocket';
import type { VaultStore } from '../vault/vaultStoreTypes';
import { createNoteSearch, type NoteSearch } from './noteSearch';
import { askRelayToSearch } from './relaySearch';
import { createDeviceMeanings, type DeviceMeanings } from './semantic/deviceMeanings';
import { createEncoderOnDemand } from './semantic/encoderOnDemand';
import { getMeaningStore } from './semantic/meaningStore';
import { createNoteMeanings, sha256TextKey } from './semantic/noteMeanings';
import { ENCODER_WORKER_URL } from './semantic/semanticFiles';
import { workerPortOf } from './semantic/workerEncoder';
import { readStoredNoteText } from './storedNoteText';

/** One vault's search in this tab (relay first, this browser's copies of its notes offline). */
export function createBrowserSearch(parts: { vaultId: string; store: VaultStore; names: LocalNames }): NoteSearch {
  const { vaultId, store, names } = parts;
  return createNoteSearch({
    embedder: hashedEmbedder,
    meanings: createBrowserMeanings(names.database),
    isOffline: () => getConnectionStatus() === 'disconnected',
    askRelay: (query, limit) => askRelayToSearch(vaultId, query, limit),
    readTree: () => store.getState(),
    readText: (docId) => readStoredNoteText(names.noteDatabase(docId)),
  });
}

/** SEMW3/SEMW4: the encoder in a Web Worker started on first use, the vectors in the scope's database. */
function createBrowserMeanings(databaseName: string): DeviceMeanings {
  const startWorker = () => workerPortOf(new Worker(ENCODER_WORKER_URL, { name: 'sentence-encoder' }));
  const schedule = (callback: () => void, delayMs: number) => {
    const timer = setTimeout(callback, delayMs);
    return () => clearTimeout(timer);
  };
  return createDeviceMeanings(
    createEncoderOnDemand(startWorker, schedule),
    createNoteMeanings(getMeaningStore(databaseName), sha256TextKey),
  );
}
