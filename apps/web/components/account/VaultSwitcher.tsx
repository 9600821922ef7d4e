'use client';

import { useId, useState } from 'react';
import type { VaultEntry } from '../../lib/account/accountTypes';
import styles from './Account.module.css';
import { NewVaultForm } from './NewVaultForm';

interface VaultSwitcherProps {
  readonly vaults: readonly VaultEntry[];
  readonly current: VaultEntry;
  onSwitch(vaultId: string): void;
  onCreated(vault: VaultEntry): void;
}

const ROLE_LABELS = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;

/** Which vault the sidebar shows, with the person's role in it, and "New vault…". */
export function VaultSwitcher({ vaults, current, onSwitch, onCreated }: VaultSwitcherProps) {
  const id = useId();
  const [creating, setCreating] = useState(false);
  return (
    <div className={styles.switcher}>
      <div className={styles.switcherHead}>
        <label htmlFor={id} className={styles.caption}>
          Vault
        </label>
        <span className={styles.role} data-testid="vault-role" data-role={current.role}>
          {ROLE_LABELS[current.role]}
        </span>
      </div>
      <div className={styles.row}>
        <select
          id={id}
          className={styles.select}
          value={current.id}
          data-testid="vault-switcher"
          onChange={(event) => onSwitch(event.target.value)}
        >
          {vaults.map((vault) => (
            <option key={vault.id} value={vault.id}>
              {vault.name} · {ROLE_LABELS[vault.role]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={styles.iconButton}
          aria-label="New vault…"
          title="New vault…"
          aria-expanded={creating}
          data-testid="new-vault"
          onClick={() => setCreating(!creating)}
        >
          +
        </button>
      </div>
      {creating && (
        <NewVaultForm
          onCancel={() => setCreating(false)}
          onCreated={(vault) => {
            setCreating(false);
            onCreated(vault);
          }}
        />
      )}
    </div>
  );
}
