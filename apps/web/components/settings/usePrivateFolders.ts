'use client';

import { useEffect, useMemo, useRef } from 'react';
import { relayAccessApi } from '../../lib/access/accessApi';
import type { RestrictionView } from '../../lib/access/accessShapes';
import { privateFolderKeysOf } from '../../lib/access/folderPrivacy';
import { useAccessQuery } from './useAccessQuery';

export interface PrivateFolders {
  /** Path keys (core's pathKey) of the private folders the caller can see; empty until read or offline. */
  readonly privateKeys: ReadonlySet<string>;
  /** Whether the list was read (false while loading or when the relay could not be asked). */
  readonly known: boolean;
  readonly restrictions: readonly RestrictionView[];
  /** Reads the list again: after a change, or when the tree moved (a restriction follows its folder). */
  refresh(): void;
}

const NONE: readonly RestrictionView[] = [];

/**
 * ACL2: which folders of the vault are private, for the tree's lock marks, the privacy dialog and LNK8.
 * A change of `refreshKey` (the folders: a restriction follows a moved folder) reads them again.
 */
export function usePrivateFolders(vaultId: string, refreshKey?: unknown): PrivateFolders {
  const { view, reload } = useAccessQuery(() => relayAccessApi.listRestrictions(vaultId), vaultId);
  // The first read happens on mount; a later change of refreshKey asks for another.
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (Object.is(seenKey.current, refreshKey)) return;
    seenKey.current = refreshKey;
    reload();
  }, [refreshKey, reload]);
  const restrictions = view.status === 'ready' ? view.value.restrictions : NONE;
  const privateKeys = useMemo(() => privateFolderKeysOf(restrictions), [restrictions]);
  return { privateKeys, known: view.status === 'ready', restrictions, refresh: reload };
}
