import { describe, expect, it } from 'vitest';
import type { RestrictionView } from './accessShapes';
import {
  enclosingRestrictionOf,
  initialSelectionOf,
  isSameSelection,
  memberIdsToSave,
  privacyRightsOf,
  privateFolderKeysOf,
  restrictionAt,
  toggleMember,
} from './folderPrivacy';

const person = (userId: string) => ({ userId, email: `${userId}@example.com`, name: null });
const hr: RestrictionView = { path: 'HR', members: [person('alice'), person('bob')] };
const restrictions = [hr];
const ask = (overrides: Partial<Parameters<typeof privacyRightsOf>[0]>) =>
  privacyRightsOf({
    vaultId: 'default',
    currentUserId: 'alice',
    role: 'owner',
    folderPath: 'Plans',
    restrictions,
    selection: new Set(['alice']),
    now: 0,
    ...overrides,
  });

describe('which folder is private', () => {
  it('[ACL2] finds a restriction by path key, and the nearest one a folder lies inside', () => {
    expect(restrictionAt(restrictions, 'hr')).toBe(hr);
    expect(restrictionAt(restrictions, 'HR/Pay')).toBeUndefined();
    expect(enclosingRestrictionOf(restrictions, 'hr/Pay')).toBe(hr);
    expect(enclosingRestrictionOf(restrictions, 'HR')).toBeUndefined();
    expect(enclosingRestrictionOf(restrictions, 'HRx')).toBeUndefined();
    expect([...privateFolderKeysOf(restrictions)]).toEqual(['hr']);
  });
});

describe('picking who sees a private folder', () => {
  it('[ACL2] starts with the folder’s members, and always with yourself', () => {
    expect([...initialSelectionOf(hr, 'bob')].sort()).toEqual(['alice', 'bob']);
    expect([...initialSelectionOf(undefined, 'carol')]).toEqual(['carol']);
  });

  it('[ACL2] you can’t untick yourself; others toggle', () => {
    const start = new Set(['alice']);
    expect(toggleMember(start, 'alice', 'alice')).toBe(start);
    const withBob = toggleMember(start, 'bob', 'alice');
    expect([...withBob]).toEqual(['alice', 'bob']);
    expect([...toggleMember(withBob, 'bob', 'alice')]).toEqual(['alice']);
    expect(isSameSelection(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true);
    expect(isSameSelection(new Set(['a']), new Set(['a', 'b']))).toBe(false);
  });
});

describe('what the dialog may offer', () => {
  it('[ACL2] only an owner makes a folder private', () => {
    expect(ask({})).toEqual({ canApply: true, canLift: false, refusal: null });
    expect(ask({ role: 'editor' })).toEqual({
      canApply: false,
      canLift: false,
      refusal: 'Only an owner of the vault can make a folder private.',
    });
  });

  it('[ACL2] an editor inside a private folder may change or lift it', () => {
    expect(ask({ role: 'editor', currentUserId: 'bob', folderPath: 'HR', selection: new Set(['bob']) })).toEqual({
      canApply: true,
      canLift: true,
      refusal: null,
    });
  });

  it('[ACL2] a viewer changes nothing, and says why', () => {
    expect(ask({ role: 'viewer', folderPath: 'HR' })).toMatchObject({ canApply: false, canLift: false });
    expect(ask({ role: 'viewer' }).refusal).toBe('Viewers can’t change who sees a folder.');
  });

  it('[ACL2] a selection without yourself is refused with the reason', () => {
    expect(ask({ selection: new Set(['bob']) }).refusal).toMatch(/must stay a member/);
  });
});

describe('saving a private folder', () => {
  it('[ACL2] sends only ticked people who are still vault members', () => {
    expect(memberIdsToSave(new Set(['alice', 'gone', 'carol']), ['alice', 'bob', 'carol'])).toEqual(['alice', 'carol']);
  });
});
