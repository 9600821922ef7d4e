import { LIMITS } from '@baalda/core';
import type { RelayFailure } from '../relayApi';

// What each refusal means for the person at the form, in their words: the relay's own messages are written
// for API callers ("send a valid access token") and can't say what to do next on this page.
const MESSAGES: Readonly<Record<string, string>> = {
  SIGN_IN_FAILED: 'That email and password don’t match an account. Check both and try again.',
  ACCOUNT_DISABLED: 'An administrator has disabled this account. Ask them to enable it again.',
  PASSWORD_WRONG: 'That is not your current password. Check it and try again.',
  EMAIL_TAKEN: 'An account already uses this email address. Sign in instead.',
  PASSWORD_WEAK: `Choose a password of ${LIMITS.minPasswordLength} to ${LIMITS.maxPasswordLength} characters.`,
  EMAIL_INVALID: 'That doesn’t look like an email address.',
  INVITE_INVALID:
    'This invite link is not valid any more (used, expired or mistyped). Ask the vault’s owner for a new one.',
  INVITE_REQUIRED: 'New accounts need an invite. Ask a vault owner to send you an invite link.',
  NETWORK_UNAVAILABLE: 'The relay can’t be reached. Check your connection and try again.',
  UNAUTHENTICATED: 'Your session has ended. Sign in again.',
  REQUEST_INVALID: 'The relay could not read that request. Check the fields and try again.',
  OAUTH_REQUEST_NOT_FOUND:
    'This request to connect an assistant is unknown, already answered or expired. Start again from the assistant.',
  VAULT_NOT_FOUND: 'That vault no longer exists, or you are no longer one of its members. Choose another one.',
  ORIGIN_REFUSED: 'The relay refused a request from this page’s address. Open Baalda from the relay’s own URL.',
};

/** The message a form shows for a refused account request. */
export function describeAuthFailure(failure: Pick<RelayFailure, 'code' | 'message' | 'retryAfterSeconds'>): string {
  if (failure.code === 'TOO_MANY_ATTEMPTS') return describeTooManyAttempts(failure.retryAfterSeconds);
  return MESSAGES[failure.code] ?? `${failure.message} (${failure.code})`;
}

function describeTooManyAttempts(seconds: number | undefined): string {
  if (seconds === undefined) return 'Too many attempts. Wait a while, then try again.';
  if (seconds < 90) return `Too many attempts. Try again in ${Math.max(1, seconds)} seconds.`;
  return `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`;
}
