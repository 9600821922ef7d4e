'use client';

import type { VaultRole } from '@baalda/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useModalDialog } from '../../hooks/useModalDialog';
import { MembersTab } from './MembersTab';
import styles from './Settings.module.css';
import { TokensTab } from './TokensTab';

interface VaultSettingsDialogProps {
  readonly vaultId: string;
  readonly vaultName: string;
  readonly role: VaultRole;
  readonly currentUserId: string;
  onOwnAccessChanged?(): void;
  onClose(): void;
}

const TABS = [
  { id: 'members', label: 'Members' },
  { id: 'tokens', label: 'Access tokens' },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** The vault's settings as a modal: Escape (the dialog's cancel) or Close ends it, focus goes back. */
export function VaultSettingsDialog({ onClose, onOwnAccessChanged, ...vault }: VaultSettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog);
  // After showModal (effects run in order; a child's would run before it, on a dialog not yet shown):
  // the selected tab takes the focus, so the keyboard starts inside the dialog.
  useEffect(() => dialog.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(), []);
  const [tab, setTab] = useState<TabId>('members');
  const headingId = useId();
  const panelId = useId();
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={headingId}
      data-testid="vault-settings"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.body}>
        <header className={styles.header}>
          <h2 id={headingId} className={styles.title}>
            Settings of “{vault.vaultName}”
          </h2>
          <button type="button" className={styles.button} onClick={onClose}>
            Close
          </button>
        </header>
        <TabList selected={tab} panelId={panelId} onSelect={setTab} />
        <div id={panelId} role="tabpanel" aria-label={TABS.find((entry) => entry.id === tab)?.label}>
          {tab === 'members' ? (
            <MembersTab {...vault} onOwnAccessChanged={onOwnAccessChanged} />
          ) : (
            <TokensTab vaultId={vault.vaultId} vaultName={vault.vaultName} />
          )}
        </div>
      </div>
    </dialog>
  );
}

/** The ARIA tabs pattern: one tab in the Tab order, the arrows move between tabs. */
function TabList({ selected, panelId, onSelect }: { selected: TabId; panelId: string; onSelect(tab: TabId): void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = TABS.findIndex((entry) => entry.id === selected);
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Settings sections" className={styles.tabs} onKeyDown={onKeyDown}>
      {TABS.map((entry) => (
        <button
          key={entry.id}
          type="button"
          role="tab"
          data-tab={entry.id}
          className={styles.tab}
          aria-selected={entry.id === selected}
          aria-controls={panelId}
          tabIndex={entry.id === selected ? 0 : -1}
          onClick={() => onSelect(entry.id)}
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
}
