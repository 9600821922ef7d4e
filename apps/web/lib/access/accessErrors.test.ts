import { describe, expect, it } from 'vitest';
import { describeAccessError, describeRestrictionRefusal } from './accessErrors';

describe('error words for the settings', () => {
  it('[ACL1] explains the last-owner refusal and what to do instead', () => {
    expect(describeAccessError({ code: 'LAST_OWNER', message: 'x' })).toBe(
      'A vault needs at least one owner. Make someone else an owner first.',
    );
  });

  it('[ACL2] finds the reason named inside a RESTRICTION_REFUSED message', () => {
    expect(describeAccessError({ code: 'RESTRICTION_REFUSED', message: 'Refused: OWNER_ONLY' })).toBe(
      'Only an owner of the vault can make a folder private.',
    );
    expect(describeRestrictionRefusal('SELF_EXCLUDED: the changer must stay a member')).toMatch(/must stay a member/);
  });

  it('[ACL2] keeps the relay’s words for a refusal reason it does not recognise', () => {
    expect(describeRestrictionRefusal('Something new')).toBe('You can’t change who sees this folder. Something new');
  });

  it('falls back to the relay’s message for a code this build has no words for', () => {
    expect(describeAccessError({ code: 'TOKEN_LIMIT', message: 'You have too many tokens.' })).toBe(
      'You have too many tokens.',
    );
    expect(describeAccessError({ code: 'NETWORK_UNAVAILABLE', message: 'x' })).toMatch(/can’t be reached/);
  });
});
