'use client';

import { useSyncExternalStore } from 'react';
import { getVaultStore } from '../lib/vault/browserVault';
import { INITIAL_VAULT_STATE, type VaultState } from '../lib/vault/vaultStoreTypes';

const subscribe = (listener: () => void) => getVaultStore().subscribe(listener);
const read = () => getVaultStore().getState();
// The static prerender has no IndexedDB; the client renders the real tree right after hydration.
const readOnServer = () => INITIAL_VAULT_STATE;

/** The local vault tree: the relay's last snapshot with this device's unconfirmed ops applied. */
export function useVault(): VaultState {
  return useSyncExternalStore(subscribe, read, readOnServer);
}
