'use client';

import { useSyncExternalStore } from 'react';
import { INITIAL_VAULT_STATE, type VaultState, type VaultStore } from '../lib/vault/vaultStoreTypes';

// The static prerender has no IndexedDB; the client renders the real tree right after hydration.
const readOnServer = () => INITIAL_VAULT_STATE;

/** The local vault tree: the relay's last snapshot with this device's unconfirmed ops applied. */
export function useVault(store: VaultStore): VaultState {
  return useSyncExternalStore(store.subscribe, store.getState, readOnServer);
}
