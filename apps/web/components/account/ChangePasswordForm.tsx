'use client';

import { LIMITS } from '@baalda/core';
import { type FormEvent, useState } from 'react';
import { changePassword } from '../../lib/account/authApi';
import { describeAuthFailure } from '../../lib/account/authMessages';
import { describePasswordChanged, passwordChangeProblem } from '../../lib/account/passwordChange';
import styles from './Account.module.css';

interface ChangePasswordFormProps {
  /** Closes the form (Cancel, or Done after a change). */
  onClose(): void;
}

/**
 * ACC12: the current password and a new one, typed twice. The relay signs out every other session and every
 * assistant connected with OAuth; this browser stays signed in, so the notes stay open.
 */
export function ChangePasswordForm({ onClose }: ChangePasswordFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form = { current: fieldOf(data, 'current'), next: fieldOf(data, 'next'), again: fieldOf(data, 'again') };
    const problem = passwordChangeProblem(form);
    if (problem) return setError(problem);
    setPending(true);
    const answer = await changePassword(form.current, form.next);
    setPending(false);
    if (answer.ok) setDone(describePasswordChanged(answer));
    else setError(describeAuthFailure(answer));
  };
  if (done) {
    return (
      <div className={styles.newVault} data-testid="password-changed">
        <p className={styles.signedInAs} role="status">
          {done}
        </p>
        <button type="button" className={styles.quiet} onClick={onClose}>
          Done
        </button>
      </div>
    );
  }
  return (
    <form className={styles.newVault} onSubmit={(event) => void onSubmit(event)} data-testid="change-password-form">
      <PasswordField label="Current password" name="current" autoComplete="current-password" autoFocus />
      <PasswordField label="New password" name="next" autoComplete="new-password" />
      <PasswordField label="New password again" name="again" autoComplete="new-password" />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? 'Changing…' : 'Change password'}
        </button>
        <button type="button" className={styles.quiet} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface PasswordFieldProps {
  readonly label: string;
  readonly name: string;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly autoFocus?: boolean;
}

function PasswordField({ label, name, autoComplete, autoFocus }: PasswordFieldProps) {
  return (
    <label className={styles.fieldLabel}>
      {label}
      <input
        className={styles.input}
        type="password"
        name={name}
        required
        maxLength={LIMITS.maxPasswordLength * 2}
        autoComplete={autoComplete}
        // biome-ignore lint/a11y/noAutofocus: the form opens because the person asked to change their password
        autoFocus={autoFocus}
      />
    </label>
  );
}

// Passwords are never trimmed (ACC2): spaces are characters.
function fieldOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
