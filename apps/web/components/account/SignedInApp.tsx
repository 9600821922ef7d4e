'use client';

import { useVaultChoice } from '../../hooks/useVaultChoice';
import type { User, VaultEntry } from '../../lib/account/accountTypes';
import { NotesApp } from '../NotesApp';
import { VaultSettingsButton } from '../settings/VaultSettingsButton';
import { AccountMenu } from './AccountMenu';
import { AuthCard } from './AuthCard';
import styles from './AuthPage.module.css';
import { NewVaultForm } from './NewVaultForm';
import { VaultProvider } from './VaultProvider';
import { VaultSwitcher } from './VaultSwitcher';

interface SignedInAppProps {
  readonly user: User;
  readonly vaults: readonly VaultEntry[];
  readonly offline: boolean;
  onVaultsChange(vaults: readonly VaultEntry[]): void;
  /** Asks the relay for the vault list again (a role changed in settings). */
  onReloadVaults(): void;
  onSignOut(): Promise<string | null>;
  /** Ends every session of the account (ACC14); a message when the relay could not. */
  onSignOutEverywhere(): Promise<string | null>;
}

/** The notes of the chosen vault, with the switcher and the account menu around them. */
export function SignedInApp({
  user,
  vaults,
  offline,
  onVaultsChange,
  onReloadVaults,
  onSignOut,
  onSignOutEverywhere,
}: SignedInAppProps) {
  const { entry, switchTo } = useVaultChoice(user.id, vaults);
  const addVault = (vault: VaultEntry) => {
    onVaultsChange([...vaults.filter((known) => known.id !== vault.id), vault]);
    switchTo(vault.id);
  };
  const settings = entry && (
    <VaultSettingsButton
      vaultId={entry.id}
      vaultName={entry.name}
      role={entry.role}
      currentUserId={user.id}
      onOwnAccessChanged={onReloadVaults}
    />
  );
  const menu = (
    <AccountMenu
      user={user}
      offline={offline}
      onSignOut={onSignOut}
      onSignOutEverywhere={onSignOutEverywhere}
      settings={settings}
    />
  );
  if (!entry) {
    return (
      <AuthCard>
        <h1 className={styles.title}>You’re not in any vault yet</h1>
        <p className={styles.lead}>Open an invite link from a vault owner, or start a vault of your own.</p>
        <NewVaultForm onCreated={addVault} />
        <button type="button" className={styles.secondary} data-testid="sign-out" onClick={() => void onSignOut()}>
          Sign out ({user.email})
        </button>
      </AuthCard>
    );
  }
  return (
    // One key per user and vault: a switch remounts everything, so no state of one vault leaks into another.
    <VaultProvider key={`${user.id}/${entry.id}`} user={user} entry={entry}>
      <NotesApp
        vaultSwitcher={<VaultSwitcher vaults={vaults} current={entry} onSwitch={switchTo} onCreated={addVault} />}
        accountMenu={menu}
      />
    </VaultProvider>
  );
}
