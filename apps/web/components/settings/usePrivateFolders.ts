'use client';

import { useMemo } from 'react';
import { relayAccessApi } from '../../lib/access/accessApi';
import type { RestrictionView } from '../../lib/access/accessShapes';
import { privateFolderKeysOf } from '../../lib/access/folderPrivacy';
import { useAccessQuery } from './useAccessQuery';

export interface PrivateFolders {
  /** Path keys (core's pathKey) of the private folders the caller can see; empty until read or offline. */
  readonly privateKeys: ReadonlySet<string>;
  readonly restrictions: readonly RestrictionView[];
  /** Reads the list again: after a change, or when the tree moved (a restriction follows its folder). */
  refresh(): void;
}

const NONE: readonly RestrictionView[] = [];

/** ACL2: which folders of the vault are private, for the tree's lock marks and the privacy dialog. */
export function usePrivateFolders(vaultId: string): PrivateFolders {
  const { view, reload } = useAccessQuery(() => relayAccessApi.listRestrictions(vaultId), vaultId);
  const restrictions = view.status === 'ready' ? view.value.restrictions : NONE;
  const privateKeys = useMemo(() => privateFolderKeysOf(restrictions), [restrictions]);
  return { privateKeys, restrictions, refresh: reload };
}
