import type { AuthState, User, VaultEntry } from './accountTypes';
import type { AccountResult } from './authApi';
import type { RememberedAccount } from './rememberedAccount';

/** Why the sign-in page is shown, when it is more than "nobody signed in yet". */
export type SignedOutNotice = 'SESSION_ENDED' | 'UNREACHABLE' | 'UNREADABLE';

/** What the app shows: a wait, the sign-in page, or the notes of a signed-in user. */
export type AccountView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'signedOut'; readonly signUpOpen: boolean; readonly notice: SignedOutNotice | null }
  | {
      readonly kind: 'signedIn';
      readonly user: User;
      readonly vaults: readonly VaultEntry[];
      /** True when the relay could not be asked: this is the account remembered on this device. */
      readonly offline: boolean;
    };

/**
 * The view for the relay's answer to "who is signed in?". An unreachable relay is a normal state for a
 * local-first app: the person who signed in last on this device gets their notes, offline. Only with
 * nobody remembered does it become the sign-in page, which then says why signing in can't work yet.
 */
export function viewFromAuthState(
  answer: AccountResult<{ state: AuthState }>,
  remembered: RememberedAccount | null,
): AccountView {
  if (answer.ok) {
    const { user, vaults, signUpOpen } = answer.state;
    if (user) return { kind: 'signedIn', user, vaults, offline: false };
    return { kind: 'signedOut', signUpOpen, notice: remembered ? 'SESSION_ENDED' : null };
  }
  // A relay answering in a way this build can't read (an older relay, a proxy's error page) is treated as out
  // of reach too: the notes are on this device, and they are what the person came for.
  if (remembered) return { kind: 'signedIn', ...remembered, offline: true };
  return {
    kind: 'signedOut',
    signUpOpen: false,
    notice: answer.code === 'NETWORK_UNAVAILABLE' ? 'UNREACHABLE' : 'UNREADABLE',
  };
}

/** What the sign-in page says above its form for each notice. */
export function describeSignedOutNotice(notice: SignedOutNotice): string {
  switch (notice) {
    case 'SESSION_ENDED':
      return 'Your session has ended. Sign in again: notes you wrote on this device are kept and sync after you sign in.';
    case 'UNREACHABLE':
      return 'The relay can’t be reached, and nobody has signed in on this device yet. Connect, then try again.';
    case 'UNREADABLE':
      return 'The relay answered in a way this version of Baalda can’t read. Reload the page to get the current version.';
  }
}
