'use client';

import { hasRoleAtLeast } from '@baalda/core';
import { type ReactNode, useMemo } from 'react';
import { type CurrentVault, CurrentVaultContext, VIEWER_REASON } from '../../hooks/useCurrentVault';
import type { VaultEntry } from '../../lib/account/accountTypes';
import { openBrowserVault } from '../../lib/vault/browserVault';

interface VaultProviderProps {
  readonly userId: string;
  readonly entry: VaultEntry;
  readonly children: ReactNode;
}

/** Opens the user's vault in this tab (its local data named for them, see localNames) for everything inside. */
export function VaultProvider({ userId, entry, children }: VaultProviderProps) {
  const vault = useMemo(() => openBrowserVault({ userId, vaultId: entry.id }), [userId, entry.id]);
  const current = useMemo<CurrentVault>(
    () => ({ vault, entry, readOnlyReason: hasRoleAtLeast(entry.role, 'editor') ? null : VIEWER_REASON }),
    [vault, entry],
  );
  return <CurrentVaultContext.Provider value={current}>{children}</CurrentVaultContext.Provider>;
}
