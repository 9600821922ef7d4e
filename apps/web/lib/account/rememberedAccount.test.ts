import { describe, expect, it } from 'vitest';
import {
  forgetAccount,
  readLastVault,
  readRememberedAccount,
  rememberAccount,
  rememberLastVault,
} from './rememberedAccount';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const alice = { id: 'u_alice', email: 'alice@example.com', name: 'Alice', isAdmin: false };

describe('the account remembered on this device', () => {
  it('gives back the last signed-in user and their vaults, and nothing once forgotten', () => {
    const storage = memoryStorage();
    rememberAccount(storage, { user: alice, vaults: [{ id: 'default', name: 'Notes', role: 'editor' }] });
    expect(readRememberedAccount(storage)).toEqual({
      user: alice,
      vaults: [{ id: 'default', name: 'Notes', role: 'editor' }],
    });
    forgetAccount(storage);
    expect(readRememberedAccount(storage)).toBeNull();
  });

  it('ignores what it can’t read (another build’s shape, broken JSON)', () => {
    const storage = memoryStorage();
    storage.setItem('baalda:account', '{"user":');
    expect(readRememberedAccount(storage)).toBeNull();
    storage.setItem('baalda:account', JSON.stringify({ user: { email: 'x' }, vaults: [] }));
    expect(readRememberedAccount(storage)).toBeNull();
  });

  it('keeps the last vault per user, so bob’s choice never moves alice', () => {
    const storage = memoryStorage();
    rememberLastVault(storage, 'u_alice', 'team');
    rememberLastVault(storage, 'u_bob', 'default');
    expect(readLastVault(storage, 'u_alice')).toBe('team');
    expect(readLastVault(storage, 'u_carol')).toBeNull();
  });

  it('survives a storage that throws (private modes)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberAccount(broken, { user: alice, vaults: [] })).not.toThrow();
    expect(readRememberedAccount(broken)).toBeNull();
    expect(readLastVault(broken, 'u_alice')).toBeNull();
  });
});
