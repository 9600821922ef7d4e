import { LIMITS } from '@baalda/core';
import type { PasswordChanged } from './authApi';

/** What the change-password form holds: the current password, the new one, and the new one again. */
export interface PasswordChangeForm {
  readonly current: string;
  readonly next: string;
  readonly again: string;
}

/**
 * Why the form can't be sent yet, in the person's words, or null when it can. Only what the relay would
 * refuse anyway, or what can only be a slip (two different new passwords, the same password again), is
 * caught here; the relay still judges the password (ACC2) and checks the current one (ACC12).
 */
export function passwordChangeProblem(form: PasswordChangeForm): string | null {
  if (form.current === '') return 'Type your current password.';
  const length = [...form.next].length;
  if (length < LIMITS.minPasswordLength || length > LIMITS.maxPasswordLength) {
    return `Choose a new password of ${LIMITS.minPasswordLength} to ${LIMITS.maxPasswordLength} characters.`;
  }
  if (form.next !== form.again) return 'The two new passwords differ. Type the same one twice.';
  if (form.next === form.current) return 'The new password is the one you have now. Choose another one.';
  return null;
}

/** What the person is told once the relay changed the password. */
export function describePasswordChanged({ endedSessions, endedGrants }: PasswordChanged): string {
  const ended = [
    endedSessions > 0 && `${endedSessions} other ${endedSessions === 1 ? 'session' : 'sessions'}`,
    endedGrants > 0 && `${endedGrants} ${endedGrants === 1 ? 'assistant' : 'assistants'} connected with OAuth`,
  ].filter((part): part is string => typeof part === 'string');
  const signedOut = ended.length > 0 ? ` ${ended.join(' and ')} signed out.` : '';
  return `Password changed. You stay signed in here.${signedOut}`;
}
