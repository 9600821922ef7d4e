'use client';

import { useState } from 'react';
import { useInviteOffer } from '../../hooks/useInviteOffer';
import type { User, VaultEntry } from '../../lib/account/accountTypes';
import { acceptInvite } from '../../lib/account/authApi';
import { describeAuthFailure } from '../../lib/account/authMessages';
import { AuthCard } from './AuthCard';
import styles from './AuthPage.module.css';

interface InvitePromptProps {
  readonly secret: string;
  readonly user: User;
  onJoined(vault: VaultEntry): void;
  /** Leaves the invite unused (it stays valid for someone else, or for later). */
  onDismiss(): void;
}

/** An invite link opened by someone already signed in: one button joins the vault. */
export function InvitePrompt({ secret, user, onJoined, onDismiss }: InvitePromptProps) {
  const offer = useInviteOffer(secret);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const accept = async () => {
    setPending(true);
    const answer = await acceptInvite(secret);
    setPending(false);
    if (answer.ok) onJoined(answer.vault);
    else setError(describeAuthFailure(answer));
  };
  const ready = offer.status === 'ready' ? offer.offer : null;
  return (
    <AuthCard busy={offer.status === 'loading'}>
      <h1 className={styles.title} data-testid="invite-title">
        {ready ? `Join ${ready.vaultName} as ${ready.role}` : 'Invite'}
      </h1>
      <p className={styles.lead}>Signed in as {user.email}.</p>
      {offer.status === 'failed' && (
        <p className={styles.error} role="alert">
          {offer.message}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {ready && (
        <button
          type="button"
          className={styles.primary}
          disabled={pending}
          data-testid="accept-invite"
          onClick={() => void accept()}
        >
          {pending ? 'Joining…' : `Join ${ready.vaultName}`}
        </button>
      )}
      <button type="button" className={styles.secondary} onClick={onDismiss}>
        {ready ? 'Not now' : 'Go to my notes'}
      </button>
    </AuthCard>
  );
}
