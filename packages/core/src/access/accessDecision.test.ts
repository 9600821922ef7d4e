import { describe, expect, it } from 'vitest';
import { pathKey } from '../paths/notePath';
import { accessDecision, canReadPath, canWritePath, vaultAccessDecision } from './accessDecision';
import type { FolderRestriction, Principal, PrincipalToken, VaultRole } from './accessTypes';
import { hasRoleAtLeast } from './roles';

const NOW = Date.UTC(2026, 11, 1);
const session = (userId: string, role: VaultRole | null): Principal => ({ userId, vaultId: 'v1', role });
const withToken = (principal: Principal, token: Partial<PrincipalToken> = {}): Principal => ({
  ...principal,
  token: { vaultId: 'v1', readOnly: false, expiresAt: null, revoked: false, ...token },
});
const restricted = (folderKey: string, ...members: string[]): FolderRestriction => ({
  folderKey,
  members: new Set(members),
});

describe('access decisions', () => {
  it('[ACL1] owner ⊇ editor ⊇ viewer, and no role includes nothing', () => {
    expect(hasRoleAtLeast('owner', 'editor')).toBe(true);
    expect(hasRoleAtLeast('editor', 'viewer')).toBe(true);
    expect(hasRoleAtLeast('viewer', 'editor')).toBe(false);
    expect(hasRoleAtLeast('editor', 'owner')).toBe(false);
    expect(hasRoleAtLeast(null, 'viewer')).toBe(false);
  });

  it('[ACL1] owners and editors read and write, viewers only read, no role gets nothing', () => {
    expect(accessDecision(session('alice', 'owner'), 'Ideas.md', [], NOW)).toEqual({
      read: true,
      write: true,
      reason: 'OK',
    });
    expect(accessDecision(session('bob', 'editor'), 'Ideas.md', [], NOW).write).toBe(true);
    expect(accessDecision(session('carol', 'viewer'), 'Ideas.md', [], NOW)).toEqual({
      read: true,
      write: false,
      reason: 'READ_ONLY',
    });
    expect(accessDecision(session('carol', null), 'Ideas.md', [], NOW)).toEqual({
      read: false,
      write: false,
      reason: 'NO_ROLE',
    });
  });

  it('[ACL2] an owner cannot read a colleague’s private folder, nor anything inside it', () => {
    const restrictions = [restricted('hr', 'bob')];
    const alice = session('alice', 'owner');
    expect(accessDecision(alice, 'HR/Salaries.md', restrictions, NOW)).toEqual({
      read: false,
      write: false,
      reason: 'PRIVATE_FOLDER',
    });
    expect(canReadPath(alice, 'HR', restrictions, NOW)).toBe(false);
    expect(canReadPath(alice, 'hr/2026/Q1.md', restrictions, NOW)).toBe(false);
    expect(canReadPath(session('bob', 'viewer'), 'HR/Salaries.md', restrictions, NOW)).toBe(true);
  });

  it('[ACL2] paths compare by key, and a folder merely starting with the same letters is not inside', () => {
    const alice = session('alice', 'owner');
    const restrictions = [restricted(pathKey('Straße'), 'bob'), restricted(pathKey('HR'), 'bob')];
    expect(canReadPath(alice, 'STRASSE/Plan.md', restrictions, NOW)).toBe(false);
    expect(canReadPath(alice, 'straße/plan.md', restrictions, NOW)).toBe(false);
    expect(canReadPath(alice, 'hr-archive/x.md', restrictions, NOW)).toBe(true);
    expect(canReadPath(alice, 'HR.md', restrictions, NOW)).toBe(true);
  });

  it('[ACL2] nested restrictions intersect: a member of the inner folder only reads it if in the outer one too', () => {
    const restrictions = [restricted('board', 'alice', 'bob'), restricted('board/legal', 'bob', 'carol')];
    expect(canReadPath(session('bob', 'editor'), 'Board/Legal/Case.md', restrictions, NOW)).toBe(true);
    expect(canReadPath(session('carol', 'owner'), 'Board/Legal/Case.md', restrictions, NOW)).toBe(false);
    expect(canReadPath(session('alice', 'owner'), 'Board/Legal/Case.md', restrictions, NOW)).toBe(false);
    expect(canReadPath(session('alice', 'owner'), 'Board/Minutes.md', restrictions, NOW)).toBe(true);
  });

  it('[ACL2] a malformed restriction key is a broken invariant and throws instead of granting anything', () => {
    expect(() => canReadPath(session('alice', 'owner'), 'a.md', [restricted('', 'alice')], NOW)).toThrow();
    expect(() => canReadPath(session('alice', 'owner'), 'a.md', [restricted('hr/', 'alice')], NOW)).toThrow();
  });

  it('[ACL3] a live token for the vault keeps its user’s rights, a read-only one drops writing', () => {
    const bob = session('bob', 'editor');
    expect(accessDecision(withToken(bob), 'Ideas.md', [], NOW).reason).toBe('OK');
    expect(accessDecision(withToken(bob, { readOnly: true }), 'Ideas.md', [], NOW)).toEqual({
      read: true,
      write: false,
      reason: 'READ_ONLY',
    });
    expect(canWritePath(withToken(session('carol', 'viewer')), 'Ideas.md', [], NOW)).toBe(false);
  });

  it('[ACL3] an expired, revoked or other-vault token gives nothing, even to an owner', () => {
    const alice = session('alice', 'owner');
    const decide = (token: Partial<PrincipalToken>) => accessDecision(withToken(alice, token), 'a.md', [], NOW);
    expect(decide({ expiresAt: NOW })).toEqual({ read: false, write: false, reason: 'TOKEN_EXPIRED' });
    expect(decide({ expiresAt: NOW + 1 }).reason).toBe('OK');
    expect(decide({ revoked: true })).toEqual({ read: false, write: false, reason: 'TOKEN_REVOKED' });
    expect(decide({ vaultId: 'v2' })).toEqual({ read: false, write: false, reason: 'TOKEN_OTHER_VAULT' });
  });

  it('[ACL4] reasons follow a fixed precedence: token, then role, then private folder, then read-only', () => {
    const restrictions = [restricted('hr', 'bob')];
    const dead = withToken(session('carol', null), { revoked: true, expiresAt: 0, vaultId: 'v2' });
    expect(accessDecision(dead, 'HR/x.md', restrictions, NOW).reason).toBe('TOKEN_REVOKED');
    const expired = withToken(session('carol', null), { expiresAt: 0, vaultId: 'v2' });
    expect(accessDecision(expired, 'HR/x.md', restrictions, NOW).reason).toBe('TOKEN_EXPIRED');
    const elsewhere = withToken(session('carol', null), { vaultId: 'v2' });
    expect(accessDecision(elsewhere, 'HR/x.md', restrictions, NOW).reason).toBe('TOKEN_OTHER_VAULT');
    expect(accessDecision(session('carol', null), 'HR/x.md', restrictions, NOW).reason).toBe('NO_ROLE');
    expect(accessDecision(session('carol', 'viewer'), 'HR/x.md', restrictions, NOW).reason).toBe('PRIVATE_FOLDER');
    expect(accessDecision(session('carol', 'viewer'), 'x.md', restrictions, NOW).reason).toBe('READ_ONLY');
  });

  it('[ACL4] the vault-wide decision is the decision for any path no private folder covers', () => {
    const restrictions = [restricted('hr', 'bob')];
    for (const role of ['owner', 'editor', 'viewer', null] as const) {
      const principal = session('alice', role);
      expect(vaultAccessDecision(principal, NOW)).toEqual(accessDecision(principal, 'Ideas.md', restrictions, NOW));
    }
  });
});
