import { describe, expect, it } from 'vitest';
import type { VaultEntry } from './accountTypes';
import { chooseVault } from './vaultChoice';

const notes: VaultEntry = { id: 'default', name: 'Notes', role: 'owner' };
const team: VaultEntry = { id: 'team', name: 'Team', role: 'viewer' };

describe('choosing the vault to open', () => {
  it('opens the vault the URL names when the user belongs to it', () => {
    expect(chooseVault([notes, team], 'team', 'default')).toBe(team);
  });

  it('falls back to the vault used last, then to the first, when the URL names none or one they can’t open', () => {
    expect(chooseVault([notes, team], null, 'team')).toBe(team);
    expect(chooseVault([notes, team], 'alices-private', 'gone')).toBe(notes);
  });

  it('opens nothing for a user in no vault', () => {
    expect(chooseVault([], 'default', 'default')).toBeNull();
  });
});
