'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { User, VaultEntry } from '../lib/account/accountTypes';
import { type AccountView, viewFromAuthState } from '../lib/account/accountView';
import { fetchAuthState, signOut, signOutEverywhere } from '../lib/account/authApi';
import { describeAuthFailure } from '../lib/account/authMessages';
import { safeLocalStorage, settleLegacyData } from '../lib/account/browserLocalNames';
import { forgetAccount, readRememberedAccount, rememberAccount } from '../lib/account/rememberedAccount';
import { subscribeToSessionLoss } from '../lib/account/sessionLoss';
import { navigateTo } from '../lib/navigation';
import { noteHref } from '../lib/noteUrl';
import { reconnectSyncSocket } from '../lib/syncSocket';
import { closeBrowserVault } from '../lib/vault/browserVault';

/** The account gate's state and verbs. */
export interface Account {
  readonly view: AccountView;
  /** After a sign-in or sign-up answered by the relay. */
  enter(user: User, vaults: readonly VaultEntry[]): Promise<void>;
  /** Resolves to a message when the relay could not sign out (then nothing changed), else null. */
  leave(): Promise<string | null>;
  /** The same, ending every session of the account on every device (ACC14). */
  leaveEverywhere(): Promise<string | null>;
  /** A new vault list (one created or joined). */
  setVaults(vaults: readonly VaultEntry[]): void;
}

/** Asks the relay who is signed in at start (and again when an offline start comes online). */
export function useAccount(): Account {
  const [view, setView] = useState<AccountView>({ kind: 'loading' });
  const lastUserId = useRef<string | null>(null);
  const show = useCallback(async (next: AccountView) => {
    if (next.kind === 'signedIn') {
      // Someone else signing in on this tab must not land on the previous person's note.
      if (lastUserId.current !== null && lastUserId.current !== next.user.id) navigateTo(noteHref(null, null), true);
      lastUserId.current = next.user.id;
      // Before any vault opens: who owns the pre-account data decides the names vaults open under.
      await settleLegacyData(
        next.user.id,
        next.vaults.map((vault) => vault.id),
      );
      if (!next.offline) rememberAccount(safeLocalStorage(), { user: next.user, vaults: next.vaults });
    } else {
      closeBrowserVault();
      forgetAccount(safeLocalStorage());
    }
    setView(next);
  }, []);
  const check = useCallback(async () => {
    await show(viewFromAuthState(await fetchAuthState(), readRememberedAccount(safeLocalStorage())));
  }, [show]);
  useEffect(() => void check(), [check]);
  useRecheckWhenOnline(view, check);
  const signedIn = useRef(false);
  signedIn.current = view.kind === 'signedIn';
  useEffect(
    () =>
      // The relay ended the session (expired, signed out elsewhere): sign-in again, notes stay on this device.
      // Only while signed in: the socket can still report the end of a session the person just signed out of.
      subscribeToSessionLoss(() => {
        if (signedIn.current) void show({ kind: 'signedOut', signUpOpen: false, notice: 'SESSION_ENDED' });
      }),
    [show],
  );
  // Signed out unless the relay could not be reached (then nothing changed and the message says so); any
  // refusal means the session is gone already.
  const signOutWith = async (end: typeof signOut) => {
    const answer = await end();
    if (!answer.ok && answer.code === 'NETWORK_UNAVAILABLE') return describeAuthFailure(answer);
    await show({ kind: 'signedOut', signUpOpen: false, notice: null });
    return null;
  };
  return {
    view,
    async enter(user, vaults) {
      await show({ kind: 'signedIn', user, vaults, offline: false });
      reconnectSyncSocket();
    },
    leave: () => signOutWith(signOut),
    leaveEverywhere: () => signOutWith(signOutEverywhere),
    setVaults(vaults) {
      setView((current) => {
        if (current.kind !== 'signedIn') return current;
        if (!current.offline) rememberAccount(safeLocalStorage(), { user: current.user, vaults });
        return { ...current, vaults };
      });
    },
  };
}

// Opened offline as the remembered user: once the network is back, the relay's answer replaces the memory
// (a newer vault list, or a session that ended meanwhile).
function useRecheckWhenOnline(view: AccountView, check: () => Promise<void>): void {
  const offline = view.kind === 'signedIn' && view.offline;
  useEffect(() => {
    if (!offline) return undefined;
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline, check]);
}
