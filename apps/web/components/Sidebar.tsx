'use client';

import { type ReactNode, useMemo, useState } from 'react';
import { useCurrentVault } from '../hooks/useCurrentVault';
import { useNow } from '../hooks/useNow';
import type { TreeController } from '../hooks/useTreeController';
import type { UploadQueueState } from '../lib/uploads/uploadTypes';
import { buildTree } from '../lib/vault/treeModel';
import { LOCAL_STORAGE_FAILED, type VaultProblem, type VaultState } from '../lib/vault/vaultStoreTypes';
import { InlineError, type Notice } from './InlineError';
import styles from './Sidebar.module.css';
import { SidebarHeader } from './SidebarHeader';
import { FolderPrivacyProvider } from './settings/FolderPrivacyProvider';
import { TrashList } from './trash/TrashList';
import { TreeNotices } from './tree/TreeNotices';
import { TreeUiContext } from './tree/treeUi';
import { VaultTree } from './tree/VaultTree';

interface SidebarProps {
  readonly state: VaultState;
  /** Files waiting for upload, shown in the tree where they will land. */
  readonly uploads: UploadQueueState;
  readonly controller: TreeController;
  readonly openId: string | null;
  onOpen(docId: string): void;
  /** Opens the search palette. */
  onSearch(): void;
  readonly vaultSwitcher: ReactNode;
  readonly accountMenu: ReactNode;
}

const CLOCK_TICK_MS = 30_000;

/** The brand and vault, the create and search buttons, either the vault's tree or its trash, the account. */
export function Sidebar(props: SidebarProps) {
  const { state, uploads, controller, openId, onOpen, onSearch, vaultSwitcher, accountMenu } = props;
  const { vault, entry, readOnlyReason } = useCurrentVault();
  const now = useNow(CLOCK_TICK_MS);
  const [showTrash, setShowTrash] = useState(false);
  const nodes = useMemo(
    () => buildTree(state.notes, state.folders, uploads.uploads),
    [state.notes, state.folders, uploads.uploads],
  );
  const create = (what: 'note' | 'folder') => {
    if (readOnlyReason !== null) return;
    setShowTrash(false);
    void (what === 'note' ? controller.createNote() : controller.createFolder());
  };
  return (
    <aside className={styles.sidebar}>
      <SidebarHeader
        vaultSwitcher={vaultSwitcher}
        readOnlyReason={readOnlyReason}
        onCreate={create}
        onAddFiles={(files) => {
          setShowTrash(false);
          controller.addFiles(files);
        }}
        onSearch={onSearch}
      />
      {state.problem && <InlineError notice={toNotice(state.problem)} />}
      <TreeNotices
        error={controller.error}
        onDismissError={controller.dismissError}
        notices={state.notices}
        onDismissNotice={(id) => vault.store.dismissNotice(id)}
      />
      <nav className={styles.nav} aria-label={showTrash ? 'Trash' : 'Notes'} data-pending-ops={state.pendingOps}>
        {showTrash ? (
          <TrashList
            trash={state.trash}
            openId={openId}
            now={now}
            readOnlyReason={readOnlyReason}
            hrefOf={controller.ui.hrefOf}
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
            {/* Private folders follow their folder: a changed folder list may have moved one (ACL2). */}
            <FolderPrivacyProvider
              vaultId={entry.id}
              currentUserId={vault.scope.userId}
              role={entry.role}
              refreshKey={state.folders.join('\n')}
            >
              <VaultTree nodes={nodes} invalid={controller.error !== null} onPickRoot={controller.pickRoot} />
            </FolderPrivacyProvider>
          </TreeUiContext.Provider>
        )}
      </nav>
      <footer className={styles.footer}>
        <div className={styles.pendingCounts}>
          <span className={styles.pending} data-testid="pending-ops" data-count={state.pendingOps}>
            {state.pendingOps > 0 && describePendingOps(state.pendingOps)}
          </span>
          <PendingUploads uploads={uploads} />
        </div>
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
      {accountMenu}
    </aside>
  );
}

/** ATT8 made visible: files on this device the relay doesn't have yet, and how many it refused. */
function PendingUploads({ uploads }: { uploads: UploadQueueState }) {
  const count = uploads.uploads.length;
  const failed = uploads.uploads.filter((upload) => upload.state === 'failed').length;
  return (
    <span className={styles.pending} data-testid="pending-uploads" data-count={count} data-failed={failed}>
      {count > 0 && (count === 1 ? '1 file not yet uploaded' : `${count} files not yet uploaded`)}
      {failed > 0 && <span className={styles.pendingFailed}> · {failed} failed</span>}
    </span>
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
