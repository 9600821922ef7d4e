'use client';

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { relayAccessApi } from '../../lib/access/accessApi';
import type { VaultChoice } from '../../lib/access/accessShapes';
import {
  DEFAULT_EXPIRY,
  EXPIRY_OPTIONS,
  expiryDaysOf,
  MAX_TOKEN_NAME_LENGTH,
  tokenNameProblem,
} from '../../lib/access/tokenExpiry';
import { CopyButton } from './CopyButton';
import styles from './Settings.module.css';
import { useAccessAction } from './useAccessAction';

interface NewTokenFormProps {
  readonly vaults: readonly VaultChoice[];
  readonly defaultVaultId: string;
  /** The list behind the form re-reads, so the new token shows up in it at once. */
  onCreated(): void;
  /** The form (or the secret it revealed) is finished with. */
  onDone(): void;
}

/** Name, vault, read-only and expiry; on success the secret is shown once, never again (ACL3). */
export function NewTokenForm({ vaults, defaultVaultId, onCreated, onDone }: NewTokenFormProps) {
  const [name, setName] = useState('');
  const [vaultId, setVaultId] = useState(defaultVaultId);
  const [readOnly, setReadOnly] = useState(false);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAccessAction();
  const ids = { name: useId(), vault: useId(), expiry: useId() };
  if (secret !== null) return <SecretReveal secret={secret} onDone={onDone} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typedProblem = tokenNameProblem(name);
    setProblem(typedProblem);
    if (typedProblem !== null) return;
    const request = { name: name.trim(), vaultId, readOnly, expiresInDays: expiryDaysOf(expiry) };
    void action.run(
      () => relayAccessApi.createToken(request),
      (answer) => {
        setSecret(answer.secret);
        onCreated();
      },
    );
  };
  return (
    <form className={styles.section} aria-label="New access token" data-testid="new-token-form" onSubmit={submit}>
      <div className={styles.form}>
        <label className={styles.field} htmlFor={ids.name}>
          Name
          <input
            id={ids.name}
            className={styles.input}
            value={name}
            maxLength={MAX_TOKEN_NAME_LENGTH}
            placeholder="e.g. Laptop scripts"
            aria-invalid={problem !== null}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className={styles.field} htmlFor={ids.vault}>
          Vault
          <select id={ids.vault} className={styles.select} value={vaultId} onChange={(e) => setVaultId(e.target.value)}>
            {vaults.map((vault) => (
              <option key={vault.id} value={vault.id}>
                {vault.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field} htmlFor={ids.expiry}>
          Expires after
          <select id={ids.expiry} className={styles.select} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            {EXPIRY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={readOnly} onChange={(event) => setReadOnly(event.target.checked)} />
          Read-only
        </label>
      </div>
      <p className={styles.error} role="alert">
        {problem ?? action.error ?? ''}
      </p>
      <div className={styles.form}>
        <button type="submit" className={styles.primary} disabled={action.busy} data-testid="create-token">
          {action.busy ? 'Creating…' : 'Create token'}
        </button>
        <button type="button" className={styles.button} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The one time the secret is on screen: the relay keeps only its hash. The field takes the focus. */
function SecretReveal({ secret, onDone }: { secret: string; onDone(): void }) {
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  useEffect(() => field.current?.focus(), []);
  return (
    <div className={styles.reveal} data-testid="token-secret">
      <label className={styles.field} htmlFor={fieldId}>
        Your new token. Copy it now: you won’t see it again.
      </label>
      <div className={styles.form}>
        <input
          ref={field}
          id={fieldId}
          className={`${styles.input} ${styles.secret}`}
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton text={secret} what="token" />
      </div>
      <div className={styles.form}>
        <button type="button" className={styles.button} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
