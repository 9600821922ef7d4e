'use client';

import { useState } from 'react';
import { useInviteOffer } from '../../hooks/useInviteOffer';
import type { User, VaultEntry } from '../../lib/account/accountTypes';
import { describeSignedOutNotice, type SignedOutNotice } from '../../lib/account/accountView';
import { AuthCard } from './AuthCard';
import { AuthForm, type AuthMode } from './AuthForm';
import styles from './AuthPage.module.css';

interface AuthPageProps {
  /** No account exists yet: the page opens on sign-up, for the admin. */
  readonly signUpOpen: boolean;
  readonly notice: SignedOutNotice | null;
  /** The secret of `?invite=`, when the page was opened from an invite link. */
  readonly invite: string | null;
  /** The page was opened for an assistant's request (`?oauth=`): its consent follows the sign-in (OAC1). */
  readonly forAssistant: boolean;
  /** `usedInvite`: the account was made with the link's invite, so the person already joined its vault. */
  onSignedIn(user: User, vaults: readonly VaultEntry[], usedInvite: boolean): void;
  /** Asks the relay again (after "can't be reached"). */
  onRetry(): void;
}

/** Sign-in, or sign-up: for the first account, or with an invite. */
export function AuthPage({ signUpOpen, notice, invite, forAssistant, onSignedIn, onRetry }: AuthPageProps) {
  const offer = useInviteOffer(invite);
  const [mode, setMode] = useState<AuthMode>(signUpOpen || invite ? 'signUp' : 'signIn');
  const usableInvite = offer.status === 'ready' ? invite : null;
  return (
    <AuthCard>
      <h1 className={styles.title} data-testid="auth-title">
        {heading(mode, signUpOpen, offer.status === 'ready' ? offer.offer : null)}
      </h1>
      {mode === 'signUp' && signUpOpen && <p className={styles.lead}>You can invite others once you’re in.</p>}
      {offer.status === 'ready' && mode === 'signIn' && (
        <p className={styles.lead}>Sign in first; then accept the invite.</p>
      )}
      {forAssistant && !invite && mode === 'signIn' && (
        <p className={styles.lead} data-testid="auth-for-assistant">
          An assistant asks to use your notes. Sign in first; then choose what it may use.
        </p>
      )}
      {offer.status === 'failed' && (
        <p className={styles.error} role="alert">
          {offer.message}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status" data-testid="auth-notice">
          {describeSignedOutNotice(notice)}{' '}
          {notice === 'UNREACHABLE' && (
            <button type="button" className={styles.link} onClick={onRetry}>
              Try again
            </button>
          )}
        </p>
      )}
      {mode === 'signUp' && !signUpOpen && !usableInvite && offer.status !== 'loading' && (
        <p className={styles.lead}>New accounts need an invite link from a vault owner.</p>
      )}
      <AuthForm
        key={mode}
        mode={mode}
        invite={usableInvite}
        onSignedIn={(user, vaults) => onSignedIn(user, vaults, mode === 'signUp' && usableInvite !== null)}
      />
      <p className={styles.switch}>
        {mode === 'signIn' ? 'New to this relay? ' : 'Already have an account? '}
        <button
          type="button"
          className={styles.link}
          data-testid="auth-switch"
          onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}
        >
          {mode === 'signIn' ? 'Create an account' : 'Sign in'}
        </button>
      </p>
    </AuthCard>
  );
}

function heading(mode: AuthMode, signUpOpen: boolean, offer: { vaultName: string; role: string } | null): string {
  if (offer) return `Join ${offer.vaultName} as ${offer.role}`;
  if (mode === 'signIn') return 'Sign in to Baalda';
  return signUpOpen ? 'Create the first account — it becomes the admin' : 'Create an account';
}
