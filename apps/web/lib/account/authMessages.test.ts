import { describe, expect, it } from 'vitest';
import { describeAuthFailure } from './authMessages';

const failure = (code: string, retryAfterSeconds?: number) => ({
  code,
  message: `relay says ${code}`,
  retryAfterSeconds,
});

describe('messages for refused account requests', () => {
  it.each([
    ['SIGN_IN_FAILED', /email and password don’t match/],
    ['EMAIL_TAKEN', /already uses this email/],
    ['PASSWORD_WEAK', /10 to 256 characters/],
    ['EMAIL_INVALID', /doesn’t look like an email/],
    ['INVITE_INVALID', /not valid any more/],
    ['INVITE_REQUIRED', /need an invite/],
    ['NETWORK_UNAVAILABLE', /can’t be reached/],
    ['OAUTH_REQUEST_NOT_FOUND', /unknown, already answered or expired/],
    ['VAULT_NOT_FOUND', /no longer exists/],
    ['ACCOUNT_DISABLED', /administrator has disabled/],
    ['PASSWORD_WRONG', /not your current password/],
  ])('%s has words of its own', (code, expected) => {
    expect(describeAuthFailure(failure(code))).toMatch(expected);
  });

  it('[ACC6] TOO_MANY_ATTEMPTS says how long to wait, from Retry-After', () => {
    expect(describeAuthFailure(failure('TOO_MANY_ATTEMPTS', 30))).toBe('Too many attempts. Try again in 30 seconds.');
    expect(describeAuthFailure(failure('TOO_MANY_ATTEMPTS', 900))).toBe('Too many attempts. Try again in 15 minutes.');
    expect(describeAuthFailure(failure('TOO_MANY_ATTEMPTS'))).toMatch(/Wait a while/);
  });

  it('shows an unknown code with the relay’s own message', () => {
    expect(describeAuthFailure(failure('SOMETHING_NEW'))).toBe('relay says SOMETHING_NEW (SOMETHING_NEW)');
  });
});
