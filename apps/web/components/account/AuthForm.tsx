'use client';

import { LIMITS } from '@baalda/core';
import { type FormEvent, useId, useState } from 'react';
import type { User, VaultEntry } from '../../lib/account/accountTypes';
import { signIn, signUp } from '../../lib/account/authApi';
import { describeAuthFailure } from '../../lib/account/authMessages';
import styles from './AuthPage.module.css';

export type AuthMode = 'signIn' | 'signUp';

interface AuthFormProps {
  readonly mode: AuthMode;
  /** The invite secret a sign-up joins with, from the link. */
  readonly invite: string | null;
  onSignedIn(user: User, vaults: readonly VaultEntry[]): void;
}

/**
 * Email and password, in a real form with the autocomplete hints password managers look for, so they
 * offer to fill a sign-in and to save a new password at sign-up.
 */
export function AuthForm({ mode, invite, onSignedIn }: AuthFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const name = String(data.get('name') ?? '').trim();
    setPending(true);
    setError(null);
    const answer =
      mode === 'signIn'
        ? await signIn(email, password)
        : await signUp({ email, password, ...(name ? { name } : {}), ...(invite ? { invite } : {}) });
    setPending(false);
    if (!answer.ok) return setError(describeAuthFailure(answer));
    onSignedIn(answer.user, answer.vaults);
  };
  const described = error ? errorId : undefined;
  return (
    <form className={styles.form} method="post" onSubmit={(event) => void onSubmit(event)} data-testid="auth-form">
      {mode === 'signUp' && (
        <label className={styles.field}>
          <span>
            Your name <span className={styles.hint}>(optional)</span>
          </span>
          <input className={styles.input} name="name" autoComplete="name" maxLength={LIMITS.maxNameLength} />
        </label>
      )}
      <label className={styles.field}>
        Email
        <input
          className={styles.input}
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={LIMITS.maxEmailLength}
          aria-describedby={described}
          data-testid="auth-email"
        />
      </label>
      <label className={styles.field}>
        <span>
          Password
          {mode === 'signUp' && <span className={styles.hint}> (at least {LIMITS.minPasswordLength} characters)</span>}
        </span>
        <input
          className={styles.input}
          name="password"
          type="password"
          autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
          required
          minLength={mode === 'signUp' ? LIMITS.minPasswordLength : undefined}
          maxLength={LIMITS.maxPasswordLength}
          aria-describedby={described}
          data-testid="auth-password"
        />
      </label>
      {error && (
        <p id={errorId} className={styles.error} role="alert" data-testid="auth-error">
          {error}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={pending} data-testid="auth-submit">
        {submitLabel(mode, pending)}
      </button>
    </form>
  );
}

function submitLabel(mode: AuthMode, pending: boolean): string {
  if (mode === 'signIn') return pending ? 'Signing in…' : 'Sign in';
  return pending ? 'Creating account…' : 'Create account';
}
