import { describe, expect, it } from 'vitest';
import { describePasswordChanged, passwordChangeProblem } from './passwordChange';

const valid = { current: 'my old passphrase', next: 'a brand new passphrase', again: 'a brand new passphrase' };

describe('the change-password form (ACC12)', () => {
  it('[ACC12] lets a form through that the relay would take', () => {
    expect(passwordChangeProblem(valid)).toBeNull();
  });

  it.each([
    ['no current password', { ...valid, current: '' }, 'Type your current password.'],
    ['a short new password', { ...valid, next: 'short', again: 'short' }, 'Choose a new password of 10 to 256'],
    ['two different new passwords', { ...valid, again: 'a brand new passphrasf' }, 'The two new passwords differ'],
    ['the same password again', { ...valid, next: valid.current, again: valid.current }, 'the one you have now'],
  ])('[ACC12] stops %s before it is sent', (_, form, problem) => {
    expect(passwordChangeProblem(form)).toContain(problem);
  });

  it('[ACC2] counts a new password in characters, not UTF-16 units, as the relay does', () => {
    const emoji = '🔑'.repeat(10);
    expect(passwordChangeProblem({ ...valid, next: emoji, again: emoji })).toBeNull();
    const nine = '🔑'.repeat(9);
    expect(passwordChangeProblem({ ...valid, next: nine, again: nine })).toContain('Choose a new password');
  });

  it('[ACC12] says what the change signed out, and nothing when it signed out nothing', () => {
    expect(describePasswordChanged({ endedSessions: 0, endedGrants: 0 })).toBe(
      'Password changed. You stay signed in here.',
    );
    expect(describePasswordChanged({ endedSessions: 1, endedGrants: 2 })).toBe(
      'Password changed. You stay signed in here. 1 other session and 2 assistants connected with OAuth signed out.',
    );
    expect(describePasswordChanged({ endedSessions: 3, endedGrants: 0 })).toBe(
      'Password changed. You stay signed in here. 3 other sessions signed out.',
    );
  });
});
