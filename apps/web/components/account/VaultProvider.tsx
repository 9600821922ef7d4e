'use client';

import { hasRoleAtLeast, presenceUserOf } from '@baalda/core';
import { type ReactNode, useMemo } from 'react';
import { type CurrentVault, CurrentVaultContext, VIEWER_REASON } from '../../hooks/useCurrentVault';
import type { User, VaultEntry } from '../../lib/account/accountTypes';
import { openBrowserVault } from '../../lib/vault/browserVault';

interface VaultProviderProps {
  readonly user: User;
  readonly entry: VaultEntry;
  readonly children: ReactNode;
}

/** Opens the user's vault in this tab (its local data named for them, see localNames) for everything inside. */
export function VaultProvider({ user, entry, children }: VaultProviderProps) {
  const userId = user.id;
  const vault = useMemo(() => openBrowserVault({ userId, vaultId: entry.id }), [userId, entry.id]);
  const presence = useMemo(() => presenceUserOf({ id: userId, name: user.name }), [userId, user.name]);
  const current = useMemo<CurrentVault>(
    () => ({
      vault,
      entry,
      readOnlyReason: hasRoleAtLeast(entry.role, 'editor') ? null : VIEWER_REASON,
      presence,
    }),
    [vault, entry, presence],
  );
  return <CurrentVaultContext.Provider value={current}>{children}</CurrentVaultContext.Provider>;
}
