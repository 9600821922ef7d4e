import { parsePassword } from '@baalda/core';
import { API, type ApiTransport } from '@baalda/core/api';
import { requireOk } from './cliError';
import type { Command, CommandInput } from './commandTypes';
import { optionOf, requireEmail } from './inputChecks';
import { readPasswordChange } from './readPassword';
import { createRelayApi, fetchTransport } from './relayHttp';

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
  const session = createRelayApi({ baseUrl: relay, headers: { cookie }, onUnauthenticated: WRONG_PASSWORD });
  try {
    const changed = await session.call(API.changePassword, { body: { currentPassword: current, newPassword } });
    const sessions = `${changed.endedSessions} other session${changed.endedSessions === 1 ? '' : 's'}`;
    const grants = `${changed.endedGrants} assistant${changed.endedGrants === 1 ? '' : 's'} connected with OAuth`;
    return `changed the password of ${email}; signed out ${sessions} and ${grants}`;
  } finally {
    await session.call(API.signOut, {}).catch(() => undefined);
  }
}

// The session cookie (`name=value`) a sign-in answers with; the relay's refusal otherwise.
async function signIn(relay: string, email: string, password: string): Promise<string> {
  let cookie = '';
  const transport = fetchTransport({ baseUrl: relay });
  const watching: ApiTransport = async (request) => {
    const sent = await transport(request);
    if (!('ok' in sent)) cookie = sent.header('set-cookie')?.split(';')[0] ?? '';
    return sent;
  };
  const access = { baseUrl: relay, headers: {}, onUnauthenticated: WRONG_PASSWORD };
  await createRelayApi(access, watching).call(API.signIn, { body: { email, password } });
  return cookie;
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
