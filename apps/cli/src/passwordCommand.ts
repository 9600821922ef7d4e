import { PASSWORD_CHANGED_ANSWER, parsePassword, SESSION_ANSWER } from '@baalda/core';
import { requireOk } from './cliError';
import type { Command, CommandInput } from './commandTypes';
import { optionOf, requireEmail } from './inputChecks';
import { readPasswordChange } from './readPassword';
import { reachRelay, readAnswer } from './relayHttp';

const WRONG_PASSWORD = 'the email or the current password is not right.';

/**
 * `password <email>` (ACC12): a person changes their own password. Tokens can't manage accounts (ACC10), so
 * this signs in as the web app does, changes the password with that session, and signs that session out:
 * the CLI keeps no session. The relay ends every other session and OAuth grant; personal tokens keep working.
 */
async function changePassword(input: CommandInput): Promise<string> {
  const email = requireEmail(input.args[0] ?? '', '<email>');
  const { current, next } = await readPasswordChange(process.stdin, process.stderr);
  const { password: newPassword } = requireOk(parsePassword(next), 'The new password');
  const relay = (optionOf(input, '--relay') ?? '').replace(/\/$/, '');
  const cookie = await signIn(relay, email, current);
  try {
    const changed = await readAnswer(
      PASSWORD_CHANGED_ANSWER,
      await post(relay, '/api/auth/password', { currentPassword: current, newPassword }, cookie),
      { route: 'POST /api/auth/password', onUnauthenticated: WRONG_PASSWORD },
    );
    const sessions = `${changed.endedSessions} other session${changed.endedSessions === 1 ? '' : 's'}`;
    const grants = `${changed.endedGrants} assistant${changed.endedGrants === 1 ? '' : 's'} connected with OAuth`;
    return `changed the password of ${email}; signed out ${sessions} and ${grants}`;
  } finally {
    await post(relay, '/api/auth/signout', {}, cookie);
  }
}

// The session cookie (`name=value`) a sign-in answers with; the relay's refusal otherwise.
async function signIn(relay: string, email: string, password: string): Promise<string> {
  const response = await post(relay, '/api/auth/signin', { email, password });
  await readAnswer(SESSION_ANSWER, response.clone(), {
    route: 'POST /api/auth/signin',
    onUnauthenticated: WRONG_PASSWORD,
  });
  return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

function post(relay: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  return reachRelay(`${relay}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The person's own password, with their email and current password (no token). */
export const PASSWORD_COMMAND: Command = {
  arity: 1,
  options: [],
  usage: `  password <email>                                 change your own password: the current one, then the new
                                                   one twice (hidden), or stdin's first two lines; signs out
                                                   your other sessions and OAuth-connected assistants`,
  run: changePassword,
};
