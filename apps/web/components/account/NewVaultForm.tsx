'use client';

import { LIMITS } from '@baalda/core';
import { type FormEvent, useState } from 'react';
import type { VaultEntry } from '../../lib/account/accountTypes';
import { createVault } from '../../lib/account/authApi';
import { describeAuthFailure } from '../../lib/account/authMessages';
import styles from './Account.module.css';

interface NewVaultFormProps {
  onCreated(vault: VaultEntry): void;
  /** Absent where there is nothing to go back to (a person with no vault yet). */
  onCancel?(): void;
}

/** Names a new vault; the relay makes the person its owner. Needs the relay (a vault is not local-first). */
export function NewVaultForm({ onCreated, onCancel }: NewVaultFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (name === '') return;
    setPending(true);
    const answer = await createVault(name);
    setPending(false);
    if (answer.ok) onCreated(answer.vault);
    else setError(describeAuthFailure(answer));
  };
  return (
    <form className={styles.newVault} onSubmit={(event) => void onSubmit(event)} data-testid="new-vault-form">
      <label className={styles.fieldLabel}>
        Name of the new vault
        <input
          className={styles.input}
          name="name"
          required
          maxLength={LIMITS.maxNameLength}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the form opens because the person asked to type a name
          autoFocus
        />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? 'Creating…' : 'Create vault'}
        </button>
        {onCancel && (
          <button type="button" className={styles.quiet} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
