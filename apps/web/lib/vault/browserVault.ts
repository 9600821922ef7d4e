import { createNoteLinkResolver } from '@baalda/core';
import { localNamesOf } from '../account/browserLocalNames';
import type { LocalNames, VaultScope } from '../account/localNames';
import { syncPendingNotes } from '../backgroundSync';
import { createRelayVersionApi, type VersionApi } from '../history/versionApi';
import { getLocalRegistry } from '../localRegistry';
import type { NoteStorage } from '../noteSession';
import { randomId } from '../randomId';
import { createBrowserSearch } from '../search/browserSearch';
import type { NoteSearch } from '../search/noteSearch';
import { getMeaningStore } from '../search/semantic/meaningStore';
import { createFileUploader, type FileUploader } from '../uploads/fileUploader';
import { importMarkdownIntoNote } from '../uploads/markdownImport';
import { putAttachment } from '../uploads/uploadApi';
import { createUploadQueue } from '../uploads/uploadQueue';
import { getUploadStorage } from '../uploads/uploadStorage';
import type { UploadQueue } from '../uploads/uploadTypes';
import { createTreeActions, type TreeActions } from './treeActions';
import { fetchVaultSnapshot, postVaultOps } from './vaultApi';
import { listenToVaultChannel } from './vaultChannel';
import { getVaultStorage } from './vaultStorage';
import { createVaultStore } from './vaultStore';
import type { VaultStore } from './vaultStoreTypes';

/** Everything the app uses of one user's vault in this tab: its tree, notes, files, search and history. */
export interface OpenVault {
  readonly scope: VaultScope;
  readonly names: LocalNames;
  readonly store: VaultStore;
  readonly actions: TreeActions;
  readonly notes: NoteStorage;
  /** Files waiting for the relay (ATT8). */
  readonly uploads: UploadQueue;
  /** Adds picked or dropped files to a folder: attachments are queued, Markdown files become notes. */
  readonly addFiles: FileUploader;
  readonly search: NoteSearch;
  readonly history: VersionApi;
}

// The relay announces every change on the socket; polling only covers a lost message or a broken socket.
const FALLBACK_POLL_MS = 30_000;

let current: { readonly vault: OpenVault; readonly stop: () => void } | undefined;

/**
 * The tab's open vault, started and kept in step with the relay from first use. A tab has one at a time:
 * opening another (a vault switch, another user) stops the previous one's syncing; its data stays stored.
 */
export function openBrowserVault(scope: VaultScope): OpenVault {
  const names = localNamesOf(scope);
  if (current && current.vault.names.database === names.database) return current.vault;
  closeBrowserVault();
  const { vaultId } = scope;
  const store = createVaultStore({
    storage: getVaultStorage(names.database),
    fetchSnapshot: () => fetchVaultSnapshot(vaultId),
    postOps: (ops) => postVaultOps(vaultId, ops),
    now: Date.now,
    newId: randomId,
  });
  const notes: NoteStorage = {
    registry: getLocalRegistry(names.database),
    meanings: getMeaningStore(names.database),
    databaseFor: names.noteDatabase,
  };
  const uploads = createUploadQueue({
    storage: getUploadStorage(names.database),
    send: (upload) => putAttachment(vaultId, upload),
    onUploaded: () => store.refresh(),
    isOnline: () => navigator.onLine,
    now: Date.now,
    schedule: (callback, delayMs) => {
      const timer = setTimeout(callback, delayMs);
      return () => clearTimeout(timer);
    },
  });
  const vault: OpenVault = {
    scope,
    names,
    store,
    actions: createTreeActions(store, randomId, Date.now),
    notes,
    uploads,
    addFiles: createFileUploader({
      queue: uploads,
      store,
      // LNK3: `[[links]]` in an added file point at the notes this device knows by those names.
      importMarkdown: (docId, markdown) =>
        importMarkdownIntoNote(docId, markdown, notes, createNoteLinkResolver(store.getState().notes)),
      newId: randomId,
      now: Date.now,
    }),
    search: createBrowserSearch({ vaultId, store, names }),
    history: createRelayVersionApi(vaultId),
  };
  let stopSyncing: (() => void) | undefined;
  let stopped = false;
  void Promise.all([store.start(), uploads.start()]).then(() => {
    if (!stopped) stopSyncing = keepInStep(vault);
  });
  current = {
    vault,
    stop() {
      stopped = true;
      uploads.stop();
      stopSyncing?.();
    },
  };
  return vault;
}

/** Stops syncing the open vault (sign-out, a session the relay ended); nothing stored is removed. */
export function closeBrowserVault(): void {
  current?.stop();
  current = undefined;
}

/**
 * Sends queued ops and refetches the tree whenever the relay may have news: at start, on (re)connection,
 * on the browser's `online`, when the tab becomes visible, on the relay's treeChanged, and on a slow poll.
 * Each catch-up also pushes the text of notes edited offline that are not open (see backgroundSync) and
 * sends files waiting for upload; a (re)connection sends them at once, whatever their backoff.
 * Returns a function that stops all of it.
 */
function keepInStep({ store, notes, scope, uploads }: OpenVault): () => void {
  const catchUp = async () => {
    void uploads.reload();
    await store.flush();
    await store.refresh();
    await syncPendingNotes(notes).catch((error: unknown) => {
      console.warn('Background sync of edited notes failed; it will be retried', error);
    });
  };
  const reconnected = () => {
    uploads.wake();
    return catchUp();
  };
  const onOnline = () => void reconnected();
  const catchUpIfVisible = () => {
    if (document.visibilityState === 'visible') void catchUp();
  };
  void catchUp();
  const stopListening = listenToVaultChannel(scope.vaultId, {
    onTreeChanged: (version) => store.noticeTreeVersion(version),
    onConnected: reconnected,
  });
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', catchUpIfVisible);
  const poll = setInterval(catchUpIfVisible, FALLBACK_POLL_MS);
  return () => {
    stopListening();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', catchUpIfVisible);
    clearInterval(poll);
  };
}
