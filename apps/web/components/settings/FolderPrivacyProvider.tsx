'use client';

import { pathKey, type VaultRole } from '@baalda/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import menuStyles from '../tree/ItemMenu.module.css';
import { FolderPrivacyDialog } from './FolderPrivacyDialog';
import styles from './Settings.module.css';
import { usePrivateFolders } from './usePrivateFolders';

interface FolderPrivacy {
  readonly privateKeys: ReadonlySet<string>;
  openPrivacy(folderPath: string): void;
}

const FolderPrivacyContext = createContext<FolderPrivacy | null>(null);

interface FolderPrivacyProviderProps {
  readonly vaultId: string;
  readonly currentUserId: string;
  readonly role: VaultRole;
  /** Anything that changes when the tree does (its version): a restriction follows a moved folder. */
  readonly refreshKey?: unknown;
  readonly children: ReactNode;
}

/**
 * Wraps the tree so its rows can show lock marks and open the privacy dialog without new props on every
 * level; the dialog lives here, not in the row's menu, because the menu closes when an item is chosen.
 */
export function FolderPrivacyProvider({
  vaultId,
  currentUserId,
  role,
  refreshKey,
  children,
}: FolderPrivacyProviderProps) {
  const { privateKeys, refresh } = usePrivateFolders(vaultId);
  const [openPath, setOpenPath] = useState<string | null>(null);
  // The first read happens on mount; a later change of refreshKey asks for another.
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (Object.is(seenKey.current, refreshKey)) return;
    seenKey.current = refreshKey;
    refresh();
  }, [refreshKey, refresh]);
  const value = useMemo(() => ({ privateKeys, openPrivacy: setOpenPath }), [privateKeys]);
  return (
    <FolderPrivacyContext.Provider value={value}>
      {children}
      <FolderPrivacyDialog
        vaultId={vaultId}
        folderPath={openPath ?? ''}
        currentUserId={currentUserId}
        role={role}
        open={openPath !== null}
        onClose={() => setOpenPath(null)}
        onChanged={refresh}
      />
    </FolderPrivacyContext.Provider>
  );
}

interface FolderPrivacyMenuItemProps {
  readonly folderPath: string;
  /** Closes the menu; it should move the focus to the menu's button, where the dialog returns it. */
  onChosen(): void;
}

/** "Who can see this…" in a folder's ⋯ menu. Renders nothing outside a FolderPrivacyProvider. */
export function FolderPrivacyMenuItem({ folderPath, onChosen }: FolderPrivacyMenuItemProps) {
  const privacy = useContext(FolderPrivacyContext);
  if (!privacy) return null;
  const isPrivate = privacy.privateKeys.has(pathKey(folderPath));
  return (
    <button
      type="button"
      role="menuitem"
      className={menuStyles.item}
      data-testid="folder-privacy-item"
      onClick={() => {
        onChosen();
        privacy.openPrivacy(folderPath);
      }}
    >
      {isPrivate ? 'Who can see this…' : 'Make private…'}
    </button>
  );
}

/** A lock after a private folder's name; nothing for other folders or outside a FolderPrivacyProvider. */
export function PrivateFolderMark({ folderPath }: { folderPath: string }) {
  const privacy = useContext(FolderPrivacyContext);
  if (!privacy?.privateKeys.has(pathKey(folderPath))) return null;
  return (
    <svg
      className={styles.lock}
      viewBox="0 0 12 12"
      width={12}
      height={12}
      role="img"
      aria-label="private"
      data-testid="private-folder-mark"
    >
      <title>Private folder</title>
      <rect x="2.5" y="5.5" width="7" height="5" rx="1" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <path d="M4 5.5V4a2 2 0 0 1 4 0v1.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}
