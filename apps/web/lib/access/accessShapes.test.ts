import { describe, expect, it } from 'vitest';
import { toPerson, toRestriction, toRestrictionChange } from './accessShapes';

describe('reading people and private folders', () => {
  it('reads an empty or absent name as none, so the email stands in', () => {
    expect(toPerson({ userId: 'u-bob', email: 'bob@example.com', name: '' })).toEqual({
      userId: 'u-bob',
      email: 'bob@example.com',
      name: null,
    });
    expect(toPerson({ userId: 'u-bob', email: 'bob@example.com', name: 7 })).toBeUndefined();
  });

  it('[ACL2] drops a restriction whose member list is partly unreadable, so nobody is shown wrongly', () => {
    const hr = { path: 'HR', members: [{ userId: 'u-alice', email: 'alice@example.com', name: 'Alice' }] };
    const broken = { path: 'Finance', members: [{ email: 'bob@example.com' }] };
    expect([hr, broken].map(toRestriction)).toEqual([hr, undefined]);
  });

  it('[ACL2] keeps a restriction member who left the vault (no email, no name)', () => {
    const hr = { path: 'HR', members: [{ userId: 'u-gone', email: null, name: null }] };
    expect(toRestriction(hr)).toEqual(hr);
  });

  it('[ACL2] reads a saved restriction whose members come as ids or as people', () => {
    const asIds = { path: 'HR', members: ['u-alice'] };
    const asPeople = { path: 'HR', members: [{ userId: 'u-alice', email: 'a@example.com', name: '' }] };
    for (const answer of [asIds, asPeople]) {
      expect(toRestrictionChange(answer)).toEqual({ path: 'HR', memberIds: ['u-alice'] });
    }
    expect(toRestrictionChange({ path: 'HR', members: [7] })).toBeUndefined();
  });
});
