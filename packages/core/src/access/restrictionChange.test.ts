import { describe, expect, it } from 'vitest';
import type { FolderRestriction, Principal, VaultRole } from './accessTypes';
import { restrictionChangeDecision } from './restrictionChange';

const NOW = Date.UTC(2026, 11, 1);
const session = (userId: string, role: VaultRole | null): Principal => ({ userId, vaultId: 'v1', role });
const restricted = (folderKey: string, ...members: string[]): FolderRestriction => ({
  folderKey,
  members: new Set(members),
});
const members = (...userIds: string[]) => new Set(userIds);

describe('who may change a private folder', () => {
  it('[ACL2] an owner may make any folder they can read private; editors and viewers may not', () => {
    expect(restrictionChangeDecision(session('alice', 'owner'), 'HR', members('alice'), [], NOW)).toEqual({
      allowed: true,
      reason: 'OK',
    });
    expect(restrictionChangeDecision(session('bob', 'editor'), 'HR', members('bob'), [], NOW)).toEqual({
      allowed: false,
      reason: 'OWNER_ONLY',
    });
    expect(restrictionChangeDecision(session('carol', 'viewer'), 'HR', members('carol'), [], NOW).reason).toBe(
      'READ_ONLY',
    );
  });

  it('[ACL2] an owner cannot restrict, change or lift anything inside a private folder they are not in', () => {
    const restrictions = [restricted('hr', 'bob')];
    const alice = session('alice', 'owner');
    expect(restrictionChangeDecision(alice, 'HR/2026', members('alice'), restrictions, NOW).reason).toBe(
      'PRIVATE_FOLDER',
    );
    expect(restrictionChangeDecision(alice, 'HR', null, restrictions, NOW).reason).toBe('PRIVATE_FOLDER');
  });

  it('[ACL2] editors who are members may change or lift their private folder', () => {
    const restrictions = [restricted('hr', 'bob')];
    const bob = session('bob', 'editor');
    expect(restrictionChangeDecision(bob, 'hr', members('bob', 'carol'), restrictions, NOW).allowed).toBe(true);
    expect(restrictionChangeDecision(bob, 'HR', null, restrictions, NOW).allowed).toBe(true);
    expect(restrictionChangeDecision(session('bob', 'viewer'), 'HR', null, restrictions, NOW).reason).toBe('READ_ONLY');
  });

  it('[ACL2] whoever changes a restriction stays a member, so someone can always undo it', () => {
    const alice = session('alice', 'owner');
    expect(restrictionChangeDecision(alice, 'HR', members('bob'), [], NOW)).toEqual({
      allowed: false,
      reason: 'SELF_EXCLUDED',
    });
    expect(restrictionChangeDecision(alice, 'HR', members(), [], NOW).reason).toBe('SELF_EXCLUDED');
  });

  it('[ACL3] a read-only or dead token cannot change a restriction its user could', () => {
    const token = { vaultId: 'v1', readOnly: true, expiresAt: null, revoked: false };
    const alice: Principal = { ...session('alice', 'owner'), token };
    expect(restrictionChangeDecision(alice, 'HR', members('alice'), [], NOW).reason).toBe('READ_ONLY');
    const revoked: Principal = { ...alice, token: { ...token, readOnly: false, revoked: true } };
    expect(restrictionChangeDecision(revoked, 'HR', members('alice'), [], NOW).reason).toBe('TOKEN_REVOKED');
  });
});
