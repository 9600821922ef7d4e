'use client';

import type { VaultRole } from '@baalda/core';
import { useState } from 'react';
import styles from './Settings.module.css';
import { VaultSettingsDialog } from './VaultSettingsDialog';

export interface VaultSettingsButtonProps {
  readonly vaultId: string;
  readonly vaultName: string;
  readonly role: VaultRole;
  readonly currentUserId: string;
  /** Called after a change to the caller's own membership (their role), so the app can re-read its vaults. */
  onOwnAccessChanged?(): void;
}

/** "Settings" for the open vault: members, invites and the caller's access tokens, in a modal dialog. */
export function VaultSettingsButton({ onOwnAccessChanged, ...vault }: VaultSettingsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        data-testid="vault-settings-button"
        onClick={() => setOpen(true)}
      >
        Settings
      </button>
      {open && (
        <VaultSettingsDialog {...vault} onOwnAccessChanged={onOwnAccessChanged} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
