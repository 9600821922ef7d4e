import { describe, expect, it } from 'vitest';
import { claimLegacyData, LEGACY_NAMES, localNamesFor } from './localNames';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const docId = 'V1StGXR8_Z5jdHi6B-myT';

describe('names of local data', () => {
  it('gives every user and vault names of their own, so bob never opens alice’s notes on her browser', () => {
    const alice = localNamesFor({ userId: 'u_alice', vaultId: 'default' }, null);
    const bob = localNamesFor({ userId: 'u_bob', vaultId: 'default' }, null);
    const aliceTeam = localNamesFor({ userId: 'u_alice', vaultId: 'team' }, null);
    const all = [alice, bob, aliceTeam];
    for (const field of ['database', 'collapsedFoldersKey'] as const) {
      expect(new Set(all.map((names) => names[field])).size).toBe(3);
    }
    expect(new Set(all.map((names) => names.noteDatabase(docId))).size).toBe(3);
    expect(alice.noteDatabase(docId)).toBe(`baalda:u_alice:default:note:${docId}`);
    expect(alice.database).not.toBe(LEGACY_NAMES.database);
  });

  it('can’t be made to collide by an id holding the separator', () => {
    const a = localNamesFor({ userId: 'a:b', vaultId: 'c' }, null);
    const b = localNamesFor({ userId: 'a', vaultId: 'b:c' }, null);
    expect(a.database).not.toBe(b.database);
  });

  it('keeps the pre-account names for the user who claimed that data, in the default vault only', () => {
    expect(localNamesFor({ userId: 'u_alice', vaultId: 'default' }, 'u_alice')).toBe(LEGACY_NAMES);
    expect(localNamesFor({ userId: 'u_alice', vaultId: 'team' }, 'u_alice')).not.toBe(LEGACY_NAMES);
    expect(localNamesFor({ userId: 'u_bob', vaultId: 'default' }, 'u_alice')).not.toBe(LEGACY_NAMES);
    expect(LEGACY_NAMES.noteDatabase(docId)).toBe(`note:${docId}`);
  });
});

describe('claiming the data written before accounts', () => {
  it('goes to the first user with access to default, once', () => {
    const storage = memoryStorage();
    expect(claimLegacyData(storage, 'u_alice', ['default'], true)).toBe('u_alice');
    expect(claimLegacyData(storage, 'u_bob', ['default'], true)).toBe('u_alice');
  });

  it('is not claimed when there is none, or by a user without the default vault', () => {
    const storage = memoryStorage();
    expect(claimLegacyData(storage, 'u_alice', ['default'], false)).toBeNull();
    expect(claimLegacyData(storage, 'u_bob', ['team'], true)).toBeNull();
    expect(claimLegacyData(storage, 'u_carol', ['default', 'team'], true)).toBe('u_carol');
  });
});
