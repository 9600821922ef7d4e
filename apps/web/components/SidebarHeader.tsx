'use client';

import { type ReactNode, useRef } from 'react';
import { useSearchShortcutLabel } from '../hooks/useSearchShortcut';
import { BrandMark } from './BrandMark';
import styles from './Sidebar.module.css';
import { SearchIcon } from './search/SearchIcon';

interface SidebarHeaderProps {
  readonly vaultSwitcher: ReactNode;
  /** Why the person can't create anything here (a viewer), or null when they can. */
  readonly readOnlyReason: string | null;
  onCreate(what: 'note' | 'folder'): void;
  /** Files picked to add to the vault. */
  onAddFiles(files: readonly File[]): void;
  onSearch(): void;
}

/** The brand, the vault switcher, the create and upload buttons and the search field. */
export function SidebarHeader({ vaultSwitcher, readOnlyReason, onCreate, onAddFiles, onSearch }: SidebarHeaderProps) {
  const shortcut = useSearchShortcutLabel();
  const picker = useRef<HTMLInputElement>(null);
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
        <button
          type="button"
          className={styles.upload}
          data-testid="upload-files"
          aria-label="Upload files"
          aria-disabled={readOnlyReason !== null}
          title={readOnlyReason ?? 'Upload files'}
          onClick={() => {
            if (readOnlyReason === null) picker.current?.click();
          }}
        >
          <UploadIcon />
        </button>
        {/* Hidden: the button above opens it. Reset after each pick, so picking the same file again counts. */}
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          disabled={readOnlyReason !== null}
          data-testid="upload-input"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) onAddFiles(files);
          }}
        />
      </div>
      <button type="button" className={styles.search} data-testid="open-search" onClick={onSearch}>
        <SearchIcon size={16} />
        <span className={styles.searchLabel}>Search</span>
        <kbd className={styles.shortcut}>{shortcut}</kbd>
      </button>
    </header>
  );
}

function UploadIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8 11V2.5M4.5 6 8 2.5 11.5 6M2.5 10.5v2a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1v-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
