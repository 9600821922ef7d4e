'use client';

import { fileNameOf, type VaultRole } from '@baalda/core';
import { useEffect, useId, useRef } from 'react';
import { useModalDialog } from '../../hooks/useModalDialog';
import { relayAccessApi } from '../../lib/access/accessApi';
import { enclosingRestrictionOf, restrictionAt } from '../../lib/access/folderPrivacy';
import { FolderPrivacyForm } from './FolderPrivacyForm';
import styles from './Settings.module.css';
import { useAccessQuery } from './useAccessQuery';

export interface FolderPrivacyDialogProps {
  readonly vaultId: string;
  readonly folderPath: string;
  readonly currentUserId: string;
  readonly role: VaultRole;
  readonly open: boolean;
  onClose(): void;
  /** Called after the folder was made private, changed or made public (e.g. to refresh the lock marks). */
  onChanged?(): void;
}

/** ACL2: who sees one folder. Rendered while `open`; Escape or Close ends it and focus goes back. */
export function FolderPrivacyDialog({ open, ...props }: FolderPrivacyDialogProps) {
  return open ? <OpenFolderPrivacyDialog {...props} /> : null;
}

function OpenFolderPrivacyDialog(props: Omit<FolderPrivacyDialogProps, 'open'>) {
  const { vaultId, folderPath, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog);
  const heading = useRef<HTMLHeadingElement>(null);
  // After showModal (effects run in order): the title takes the focus, so a screen reader starts with it.
  useEffect(() => heading.current?.focus(), []);
  const headingId = useId();
  const members = useAccessQuery(() => relayAccessApi.listMembers(vaultId), vaultId);
  const restrictions = useAccessQuery(() => relayAccessApi.listRestrictions(vaultId), vaultId);
  const failed = [members.view, restrictions.view].find((view) => view.status === 'failed');
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={headingId}
      data-testid="folder-privacy"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.body}>
        <header className={styles.header}>
          <h2 id={headingId} ref={heading} className={styles.title} tabIndex={-1}>
            Who sees “{fileNameOf(folderPath)}”
          </h2>
          <button type="button" className={styles.button} onClick={onClose}>
            Close
          </button>
        </header>
        {failed?.status === 'failed' && (
          <p className={styles.error} role="alert">
            The folder’s privacy could not be loaded. {failed.message}
          </p>
        )}
        {!failed && (members.view.status !== 'ready' || restrictions.view.status !== 'ready') && (
          <p className={styles.message}>Loading…</p>
        )}
        {members.view.status === 'ready' && restrictions.view.status === 'ready' && (
          <>
            <PrivacySummary folderPath={folderPath} restrictions={restrictions.view.value.restrictions} />
            <FolderPrivacyForm
              {...props}
              members={members.view.value.members}
              restrictions={restrictions.view.value.restrictions}
              onChanged={() => {
                restrictions.reload();
                props.onChanged?.();
              }}
            />
          </>
        )}
      </div>
    </dialog>
  );
}

type Restrictions = Parameters<typeof restrictionAt>[0];

/** One sentence on where the folder stands now, including a private folder it lies inside. */
function PrivacySummary({ folderPath, restrictions }: { folderPath: string; restrictions: Restrictions }) {
  const own = restrictionAt(restrictions, folderPath);
  const enclosing = enclosingRestrictionOf(restrictions, folderPath);
  return (
    <>
      <p className={styles.message} data-testid="privacy-state" data-private={own !== undefined}>
        {own
          ? `This folder is private: only the ${own.members.length === 1 ? 'person' : `${own.members.length} people`} ticked below see it and everything in it.`
          : 'Everyone in the vault sees this folder.'}
      </p>
      {enclosing && (
        <p className={styles.hint}>
          It lies inside the private folder “{enclosing.path}”, so only that folder’s members see it at all.
        </p>
      )}
    </>
  );
}
