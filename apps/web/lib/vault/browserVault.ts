import { syncPendingNotes } from '../backgroundSync';
import { getLocalRegistry } from '../localRegistry';
import { randomId } from '../randomId';
import { createTreeActions, type TreeActions } from './treeActions';
import { fetchVaultSnapshot, postVaultOps } from './vaultApi';
import { listenToVaultChannel } from './vaultChannel';
import { getVaultStorage } from './vaultStorage';
import { createVaultStore } from './vaultStore';
import type { VaultStore } from './vaultStoreTypes';

// The relay announces every change on the socket; polling only covers a lost message or a broken socket.
const FALLBACK_POLL_MS = 30_000;

let store: VaultStore | undefined;

/** This tab's vault store, started and kept in step with the relay from first use. */
export function getVaultStore(): VaultStore {
  if (store) return store;
  const created = createVaultStore({
    storage: getVaultStorage(),
    fetchSnapshot: fetchVaultSnapshot,
    postOps: postVaultOps,
    now: Date.now,
    newId: randomId,
  });
  store = created;
  void created.start().then(() => keepInStep(created));
  return created;
}

/**
 * Sends queued ops and refetches the tree whenever the relay may have news: at start, on (re)connection,
 * on the browser's `online`, when the tab becomes visible, on the relay's treeChanged, and on a slow poll.
 * Each catch-up also pushes the text of notes edited offline that are not open (see backgroundSync).
 */
function keepInStep(vault: VaultStore): void {
  const catchUp = async () => {
    await vault.flush();
    await vault.refresh();
    await syncPendingNotes(getLocalRegistry()).catch((error: unknown) => {
      console.warn('Background sync of edited notes failed; it will be retried', error);
    });
  };
  const catchUpIfVisible = () => {
    if (document.visibilityState === 'visible') void catchUp();
  };
  void catchUp();
  listenToVaultChannel({ onTreeChanged: (version) => vault.noticeTreeVersion(version), onConnected: catchUp });
  window.addEventListener('online', () => void catchUp());
  document.addEventListener('visibilitychange', catchUpIfVisible);
  setInterval(catchUpIfVisible, FALLBACK_POLL_MS);
}

let actions: TreeActions | undefined;

/** The tree's verbs on this tab's store; call from event handlers (never while rendering on the server). */
export function getTreeActions(): TreeActions {
  actions ??= createTreeActions(getVaultStore(), randomId, Date.now);
  return actions;
}
