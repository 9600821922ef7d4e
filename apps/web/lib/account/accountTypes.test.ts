import { describe, expect, it } from 'vitest';
import { toAuthState, toUser, toVaultEntries } from './accountTypes';

const alice = { id: 'u_alice', email: 'alice@example.com', name: 'Alice', isAdmin: true };

describe('reading the relay’s account answers', () => {
  it('reads the auth state of a signed-in user with their vaults', () => {
    const state = toAuthState({
      user: alice,
      signUpOpen: false,
      vaults: [{ id: 'default', name: 'Notes', role: 'owner' }],
    });
    expect(state).toEqual({
      user: alice,
      signUpOpen: false,
      vaults: [{ id: 'default', name: 'Notes', role: 'owner' }],
    });
  });

  it('reads a signed-out state (no user, sign-up open for the first account)', () => {
    expect(toAuthState({ user: null, signUpOpen: true, vaults: [] })).toEqual({
      user: null,
      signUpOpen: true,
      vaults: [],
    });
  });

  it('refuses a state without signUpOpen, or with a user missing its id', () => {
    expect(toAuthState({ user: null, vaults: [] })).toBeUndefined();
    expect(toAuthState({ user: { email: 'bob@example.com' }, signUpOpen: false, vaults: [] })).toBeUndefined();
    expect(toAuthState('<html>')).toBeUndefined();
  });

  it('[ACL1] leaves out a vault whose role this build does not know, rather than guessing its rights', () => {
    const vaults = toVaultEntries([
      { id: 'default', name: 'Notes', role: 'viewer' },
      { id: 'team', name: 'Team', role: 'superuser' },
      { id: '', name: 'Nameless', role: 'owner' },
    ]);
    expect(vaults).toEqual([{ id: 'default', name: 'Notes', role: 'viewer' }]);
  });

  it('reads a user without a name as an empty name and isAdmin as strictly true', () => {
    expect(toUser({ id: 'u_bob', email: 'bob@example.com', isAdmin: 'yes' })).toEqual({
      id: 'u_bob',
      email: 'bob@example.com',
      name: '',
      isAdmin: false,
    });
  });
});
