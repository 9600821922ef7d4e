'use client';

import type { PresenceUser } from '@baalda/core';
import { createContext, useContext } from 'react';
import type { VaultEntry } from '../lib/account/accountTypes';
import type { OpenVault } from '../lib/vault/browserVault';

/** The vault the app shows, with the person's role in it; provided once, by NotesApp. */
export interface CurrentVault {
  readonly vault: OpenVault;
  readonly entry: VaultEntry;
  /** Why the person can't change this vault (a viewer), or null when they can. */
  readonly readOnlyReason: string | null;
  /** PRES1: the signed-in person as the others see them in a note (name and colour). */
  readonly presence: PresenceUser;
}

/** What every control says when the person may only read the vault. */
export const VIEWER_REASON = 'Viewers can’t change this vault';

export const CurrentVaultContext = createContext<CurrentVault | null>(null);

/** The open vault; only inside NotesApp. */
export function useCurrentVault(): CurrentVault {
  const current = useContext(CurrentVaultContext);
  if (!current) throw new Error('useCurrentVault: rendered outside NotesApp');
  return current;
}
