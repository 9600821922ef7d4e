'use client';

import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { VaultEntry } from '../lib/account/accountTypes';
import { safeLocalStorage } from '../lib/account/browserLocalNames';
import { readLastVault, rememberLastVault } from '../lib/account/rememberedAccount';
import { chooseVault } from '../lib/account/vaultChoice';
import { navigateTo, subscribeToNavigation } from '../lib/navigation';
import { noteHref, readNoteParam, readVaultParam } from '../lib/noteUrl';

const readUrlVault = () => readVaultParam(window.location.search);
const readNothingOnServer = () => null;

/**
 * The vault to show (see chooseVault) and a way to switch. The URL is made to name the vault shown, so a
 * copied link opens it; a link from before vaults (`/?note=…`) keeps its note.
 */
export function useVaultChoice(
  userId: string,
  vaults: readonly VaultEntry[],
): { entry: VaultEntry | null; switchTo(vaultId: string): void } {
  const fromUrl = useSyncExternalStore(subscribeToNavigation, readUrlVault, readNothingOnServer);
  const entry = chooseVault(vaults, fromUrl, readLastVault(safeLocalStorage(), userId));
  const chosen = entry?.id ?? null;
  useEffect(() => {
    if (chosen === null) return;
    rememberLastVault(safeLocalStorage(), userId, chosen);
    if (fromUrl === chosen) return;
    const keptNote = fromUrl === null ? readNoteParam(window.location.search) : null;
    navigateTo(noteHref(keptNote, chosen), true);
  }, [userId, chosen, fromUrl]);
  const switchTo = useCallback((vaultId: string) => navigateTo(noteHref(null, vaultId)), []);
  return { entry, switchTo };
}
