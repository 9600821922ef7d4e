'use client';

import type { ReactNode } from 'react';
import { useSearchShortcutLabel } from '../hooks/useSearchShortcut';
import { BrandMark } from './BrandMark';
import styles from './Sidebar.module.css';
import { SearchIcon } from './search/SearchIcon';

interface SidebarHeaderProps {
  readonly vaultSwitcher: ReactNode;
  /** Why the person can't create anything here (a viewer), or null when they can. */
  readonly readOnlyReason: string | null;
  onCreate(what: 'note' | 'folder'): void;
  onSearch(): void;
}

/** The brand, the vault switcher, the create buttons and the search field. */
export function SidebarHeader({ vaultSwitcher, readOnlyReason, onCreate, onSearch }: SidebarHeaderProps) {
  const shortcut = useSearchShortcutLabel();
  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <BrandMark className={styles.logo} />
        <span>Baalda</span>
      </div>
      {vaultSwitcher}
      <div className={styles.actions}>
        {/* aria-disabled, not disabled: a viewer can still focus the button and read why it does nothing. */}
        <button
          type="button"
          className={styles.newNote}
          data-testid="new-note"
          aria-disabled={readOnlyReason !== null}
          title={readOnlyReason ?? undefined}
          onClick={() => onCreate('note')}
        >
          <span aria-hidden="true" className={styles.plus}>
            +
          </span>
          New note
        </button>
        <button
          type="button"
          className={styles.newFolder}
          data-testid="new-folder"
          aria-disabled={readOnlyReason !== null}
          title={readOnlyReason ?? undefined}
          onClick={() => onCreate('folder')}
        >
          New folder
        </button>
      </div>
      <button type="button" className={styles.search} data-testid="open-search" onClick={onSearch}>
        <SearchIcon size={16} />
        <span className={styles.searchLabel}>Search</span>
        <kbd className={styles.shortcut}>{shortcut}</kbd>
      </button>
    </header>
  );
}
