'use client';

import { useSyncExternalStore } from 'react';
import { useAccount } from '../../hooks/useAccount';
import { useServiceWorker } from '../../hooks/useServiceWorker';
import { listVaults } from '../../lib/account/authApi';
import { navigateTo, subscribeToNavigation } from '../../lib/navigation';
import { noteHref } from '../../lib/noteUrl';
import { AuthCard } from './AuthCard';
import { AuthPage } from './AuthPage';
import { InvitePrompt } from './InvitePrompt';
import { SignedInApp } from './SignedInApp';

const INVITE_PARAM = 'invite';
const readInviteParam = () => new URLSearchParams(window.location.search).get(INVITE_PARAM) || null;
const readNothingOnServer = () => null;

/**
 * The page: asks the relay who is signed in, then shows sign-in (or sign-up, or an invite), or the notes.
 * The prerender and the first client render show an empty card; the relay answers in milliseconds.
 */
export function AccountGate() {
  // Registered before sign-in too, so the sign-in page (and so the app shell) is cached for offline use.
  useServiceWorker();
  const account = useAccount();
  const invite = useSyncExternalStore(subscribeToNavigation, readInviteParam, readNothingOnServer);
  const { view } = account;
  if (view.kind === 'loading') return <AuthCard busy />;
  if (view.kind === 'signedOut') {
    return (
      <AuthPage
        key={view.notice ?? 'none'}
        signUpOpen={view.signUpOpen}
        notice={view.notice}
        invite={invite}
        onSignedIn={(user, vaults, usedInvite) => {
          // A sign-up with the invite has used it; a sign-in keeps it, to be accepted next.
          if (usedInvite) navigateTo(noteHref(null, null), true);
          void account.enter(user, vaults);
        }}
        onRetry={() => window.location.reload()}
      />
    );
  }
  const { user, vaults, offline } = view;
  if (invite && !offline) {
    return (
      <InvitePrompt
        secret={invite}
        user={user}
        onJoined={(vault) => {
          account.setVaults([...vaults.filter((known) => known.id !== vault.id), vault]);
          navigateTo(noteHref(null, vault.id), true);
        }}
        onDismiss={() => navigateTo(noteHref(null, null), true)}
      />
    );
  }
  return (
    <SignedInApp
      user={user}
      vaults={vaults}
      offline={offline}
      onVaultsChange={account.setVaults}
      onReloadVaults={() =>
        void listVaults().then((answer) => {
          if (answer.ok) account.setVaults(answer.vaults);
        })
      }
      onSignOut={account.leave}
    />
  );
}
