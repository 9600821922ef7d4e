'use client';

import { useMemo, useState } from 'react';
import { useNow } from '../hooks/useNow';
import { useSearchShortcutLabel } from '../hooks/useSearchShortcut';
import type { TreeController } from '../hooks/useTreeController';
import { getVaultStore } from '../lib/vault/browserVault';
import { buildTree } from '../lib/vault/treeModel';
import { LOCAL_STORAGE_FAILED, type VaultProblem, type VaultState } from '../lib/vault/vaultStoreTypes';
import { BrandMark } from './BrandMark';
import { InlineError, type Notice } from './InlineError';
import styles from './Sidebar.module.css';
import { SearchIcon } from './search/SearchIcon';
import { TrashList } from './trash/TrashList';
import { TreeNotices } from './tree/TreeNotices';
import { TreeUiContext } from './tree/treeUi';
import { VaultTree } from './tree/VaultTree';

interface SidebarProps {
  readonly state: VaultState;
  readonly controller: TreeController;
  readonly openId: string | null;
  onOpen(docId: string): void;
  /** Opens the search palette. */
  onSearch(): void;
}

const CLOCK_TICK_MS = 30_000;

/** The brand, the create and search buttons, and either the vault's tree or its trash. */
export function Sidebar({ state, controller, openId, onOpen, onSearch }: SidebarProps) {
  const now = useNow(CLOCK_TICK_MS);
  const shortcut = useSearchShortcutLabel();
  const [showTrash, setShowTrash] = useState(false);
  const nodes = useMemo(() => buildTree(state.notes, state.folders), [state.notes, state.folders]);
  const create = (what: 'note' | 'folder') => {
    setShowTrash(false);
    void (what === 'note' ? controller.createNote() : controller.createFolder());
  };
  return (
    <aside className={styles.sidebar}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <BrandMark className={styles.logo} />
          <span>Baalda</span>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.newNote} data-testid="new-note" onClick={() => create('note')}>
            <span aria-hidden="true" className={styles.plus}>
              +
            </span>
            New note
          </button>
          <button type="button" className={styles.newFolder} data-testid="new-folder" onClick={() => create('folder')}>
            New folder
          </button>
        </div>
        <button type="button" className={styles.search} data-testid="open-search" onClick={onSearch}>
          <SearchIcon size={16} />
          <span className={styles.searchLabel}>Search</span>
          <kbd className={styles.shortcut}>{shortcut}</kbd>
        </button>
      </header>
      {state.problem && <InlineError notice={toNotice(state.problem)} />}
      <TreeNotices
        error={controller.error}
        onDismissError={controller.dismissError}
        notices={state.notices}
        onDismissNotice={(id) => getVaultStore().dismissNotice(id)}
      />
      <nav className={styles.nav} aria-label={showTrash ? 'Trash' : 'Notes'} data-pending-ops={state.pendingOps}>
        {showTrash ? (
          <TrashList
            trash={state.trash}
            openId={openId}
            now={now}
            onOpen={onOpen}
            onRestore={controller.restore}
            onPurge={controller.purge}
            onEmpty={controller.emptyTrash}
          />
        ) : (
          <TreeUiContext.Provider value={controller.ui}>
            {state.ready && nodes.length === 0 && (
              <p className={styles.empty}>No notes yet. They live on this device first.</p>
            )}
            <VaultTree nodes={nodes} invalid={controller.error !== null} onPickRoot={controller.pickRoot} />
          </TreeUiContext.Provider>
        )}
      </nav>
      <footer className={styles.footer}>
        <span className={styles.pending} data-testid="pending-ops" data-count={state.pendingOps}>
          {state.pendingOps > 0 && describePendingOps(state.pendingOps)}
        </span>
        <button
          type="button"
          className={styles.trashToggle}
          aria-pressed={showTrash}
          data-testid="trash-view-toggle"
          onClick={() => setShowTrash(!showTrash)}
        >
          {showTrash ? 'Back to notes' : `Trash${state.trash.length > 0 ? ` · ${state.trash.length}` : ''}`}
        </button>
      </footer>
    </aside>
  );
}

function describePendingOps(count: number): string {
  return count === 1 ? '1 tree change not yet synced' : `${count} tree changes not yet synced`;
}

function toNotice(problem: VaultProblem): Notice {
  if (problem.code === LOCAL_STORAGE_FAILED) {
    return {
      heading: 'This browser’s storage is unavailable.',
      detail: problem.message,
      consequence: 'Notes already on the relay are safe; new changes may not survive a reload.',
    };
  }
  return {
    heading: 'The relay didn’t accept a request.',
    detail: `${problem.message} (${problem.code})`,
    consequence: 'Your notes are safe on this device; Baalda will try again.',
  };
}
