'use client';

// First: zod must be jitless before any schema is made (HTTP17).
import '../../lib/zodWithoutEval';
import { useSyncExternalStore } from 'react';
import { type Account, useAccount } from '../../hooks/useAccount';
import { useServiceWorker } from '../../hooks/useServiceWorker';
import type { AccountView } from '../../lib/account/accountView';
import { listVaults } from '../../lib/account/authApi';
import { type PageParams, signedInPageOf } from '../../lib/account/signedInPage';
import { navigateTo, subscribeToNavigation } from '../../lib/navigation';
import { noteHref } from '../../lib/noteUrl';
import { AuthCard } from './AuthCard';
import { AuthPage } from './AuthPage';
import { InvitePrompt } from './InvitePrompt';
import { OauthConsent } from './OauthConsent';
import { SignedInApp } from './SignedInApp';

const readQueryParam = (name: string) => () => new URLSearchParams(window.location.search).get(name) || null;
// `?invite=<secret>`: an invite link. `?oauth=<authorizationId>`: the relay sent an assistant's request here.
const readInviteParam = readQueryParam('invite');
const readOauthParam = readQueryParam('oauth');
const readNothingOnServer = () => null;
const goToNotes = () => navigateTo(noteHref(null, null), true);

/**
 * The page: asks the relay who is signed in, then shows sign-in (or sign-up), or what the URL asks of the
 * signed-in person (an invite, an assistant's consent), or the notes. The prerender and the first client
 * render show an empty card; the relay answers in milliseconds.
 */
export function AccountGate() {
  // Registered before sign-in too, so the sign-in page (and so the app shell) is cached for offline use.
  useServiceWorker();
  const account = useAccount();
  const invite = useSyncExternalStore(subscribeToNavigation, readInviteParam, readNothingOnServer);
  const oauth = useSyncExternalStore(subscribeToNavigation, readOauthParam, readNothingOnServer);
  const { view } = account;
  if (view.kind === 'loading') return <AuthCard busy />;
  if (view.kind === 'signedOut') {
    return (
      <AuthPage
        key={view.notice ?? 'none'}
        signUpOpen={view.signUpOpen}
        notice={view.notice}
        invite={invite}
        forAssistant={oauth !== null}
        onSignedIn={(user, vaults, usedInvite) => {
          // A sign-up with the invite has used it; a sign-in keeps it, to be accepted next. Without an
          // invite used, `?oauth=` stays in the URL, so the consent follows the sign-in (OAC1).
          if (usedInvite) goToNotes();
          void account.enter(user, vaults);
        }}
        onRetry={() => window.location.reload()}
      />
    );
  }
  return <SignedInPages account={account} view={view} params={{ invite, oauth }} />;
}

interface SignedInPagesProps {
  readonly account: Account;
  readonly view: Extract<AccountView, { kind: 'signedIn' }>;
  readonly params: PageParams;
}

function SignedInPages({ account, view: { user, vaults, offline }, params }: SignedInPagesProps) {
  const page = signedInPageOf(params, offline);
  if (page.kind === 'invite') {
    return (
      <InvitePrompt
        secret={page.secret}
        user={user}
        onJoined={(vault) => {
          account.setVaults([...vaults.filter((known) => known.id !== vault.id), vault]);
          navigateTo(noteHref(null, vault.id), true);
        }}
        onDismiss={goToNotes}
      />
    );
  }
  if (page.kind === 'oauthConsent') {
    return (
      <OauthConsent
        key={page.authorizationId}
        authorizationId={page.authorizationId}
        user={user}
        vaults={vaults}
        onDismiss={goToNotes}
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
      onSignOutEverywhere={account.leaveEverywhere}
    />
  );
}
