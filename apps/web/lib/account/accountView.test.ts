import { fail } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { viewFromAuthState } from './accountView';

const alice = { id: 'u_alice', email: 'alice@example.com', name: 'Alice', isAdmin: false };
const vaults = [{ id: 'default', name: 'Notes', role: 'editor' as const }];
const remembered = { user: alice, vaults };

describe('what the app shows at start', () => {
  it('opens the notes of the user the relay says is signed in', () => {
    const answer = { ok: true as const, state: { user: alice, signUpOpen: false, vaults } };
    expect(viewFromAuthState(answer, null)).toEqual({ kind: 'signedIn', user: alice, vaults, offline: false });
  });

  it('shows sign-up first when no account exists yet', () => {
    const answer = { ok: true as const, state: { user: null, signUpOpen: true, vaults: [] } };
    expect(viewFromAuthState(answer, null)).toEqual({ kind: 'signedOut', signUpOpen: true, notice: null });
  });

  it('says the session ended when the relay no longer knows the remembered user', () => {
    const answer = { ok: true as const, state: { user: null, signUpOpen: false, vaults: [] } };
    expect(viewFromAuthState(answer, remembered)).toMatchObject({ kind: 'signedOut', notice: 'SESSION_ENDED' });
  });

  it('opens the remembered user offline when the relay can’t be reached (the PWA keeps working)', () => {
    const answer = fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');
    expect(viewFromAuthState(answer, remembered)).toEqual({ kind: 'signedIn', user: alice, vaults, offline: true });
  });

  it('shows sign-in saying why when nobody is remembered and the relay can’t be reached or read', () => {
    expect(viewFromAuthState(fail('NETWORK_UNAVAILABLE', 'down'), null)).toMatchObject({ notice: 'UNREACHABLE' });
    expect(viewFromAuthState(fail('RESPONSE_INVALID', 'odd'), null)).toMatchObject({ notice: 'UNREADABLE' });
  });
});
