import { parsePassword, validateFolderPath } from '@baalda/core';
import { CliError, requireOk } from './cliError';
import { ADMIN_OPTIONS, type Command, type CommandInput } from './commandTypes';
import {
  optionOf,
  requireEmail,
  requireEmails,
  requireName,
  requireOption,
  requireRole,
  requireVaultId,
} from './inputChecks';
import { readPassword } from './readPassword';

/** `user add <email> [--name N]`: an account; the password comes from stdin, never from argv. */
async function addUser(input: CommandInput): Promise<string> {
  const email = requireEmail(input.args[0] ?? '', '<email>');
  const rawName = optionOf(input, '--name');
  const name = rawName === undefined ? undefined : requireName(rawName, '--name');
  // The key first: a missing key file should not cost the person typing a password.
  const admin = await input.admin();
  const { password } = requireOk(parsePassword(await readPassword(process.stdin, process.stderr)));
  const { user } = await admin.addUser({ email, password, ...(name === undefined ? {} : { name }) });
  return `added ${user.email} (${user.name})`;
}

/** `user reset-password <email>` (ACC13): the new password comes as `user add`'s does. */
async function resetPassword(input: CommandInput): Promise<string> {
  const email = requireEmail(input.args[0] ?? '', '<email>');
  const admin = await input.admin();
  const { password } = requireOk(parsePassword(await readPassword(process.stdin, process.stderr)));
  const ended = await admin.resetPassword({ email, password });
  return `set the password of ${email}; ended ${plural(ended.endedSessions, 'session')} and ${plural(ended.endedGrants, 'OAuth grant')}`;
}

/** `user disable <email>` and `user enable <email>` (ACC13). */
function setDisabled(disabled: boolean): (input: CommandInput) => Promise<string> {
  return async (input) => {
    const email = requireEmail(input.args[0] ?? '', '<email>');
    const changed = await (await input.admin()).setDisabled({ email, disabled });
    if (!disabled) return `enabled ${email}; they can sign in again`;
    const tokens = plural(changed.revokedTokens + changed.endedGrants, 'token');
    return `disabled ${email}; ended ${plural(changed.endedSessions, 'session')} and revoked ${tokens}`;
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `vault create <name> --owner <email>`. */
async function createVault(input: CommandInput): Promise<string> {
  const name = requireName(input.args[0] ?? '', 'A vault name');
  const ownerEmail = requireEmail(requireOption(input, '--owner', '<email> (the new vault needs an owner)'), '--owner');
  const { vault } = await (await input.admin()).createVault({ name, ownerEmail });
  return `created vault ${vault.id} ("${vault.name}"), owned by ${ownerEmail}`;
}

/** `vault grant <vault> <email> --role owner|editor|viewer`: adds a member or changes their role. */
async function grant(input: CommandInput): Promise<string> {
  const vaultId = requireVaultId(input.args[0] ?? '');
  const email = requireEmail(input.args[1] ?? '', '<email>');
  const role = requireRole(requireOption(input, '--role', 'owner, editor or viewer'));
  await (await input.admin()).grant(vaultId, { email, role });
  return `${email} is ${role} of vault ${vaultId}`;
}

/** `folder restrict <vault> <path> --members <email,...>` or `--clear` (ACL2). */
async function restrictFolder(input: CommandInput): Promise<string> {
  const vaultId = requireVaultId(input.args[0] ?? '');
  const { path } = requireOk(validateFolderPath(input.args[1] ?? ''));
  const members = optionOf(input, '--members');
  const clear = input.options.get('--clear') === true;
  if ((members === undefined) === !clear) throw new CliError('Give either --members <email,...> or --clear.');
  if (clear) {
    const { cleared } = await (await input.admin()).unrestrict(vaultId, path);
    return cleared === false
      ? `${path} in ${vaultId} had no restriction`
      : `${path} in ${vaultId} is open to all members`;
  }
  const memberEmails = requireEmails(members ?? '');
  await (await input.admin()).restrict(vaultId, { path, memberEmails });
  return `${path} in ${vaultId} is visible only to ${memberEmails.join(', ')}`;
}

/** The account, vault and private-folder commands, all as the relay's operator. */
export const ACCOUNT_COMMANDS: Record<string, Command> = {
  'user add': {
    arity: 1,
    options: ['--name', ...ADMIN_OPTIONS],
    usage: '  user add <email> [--name N]                      add an account; the password is read from stdin',
    run: addUser,
  },
  'user reset-password': {
    arity: 1,
    options: [...ADMIN_OPTIONS],
    usage: `  user reset-password <email>                      set a new password (read as for user add);
                                                   signs them out everywhere`,
    run: resetPassword,
  },
  'user disable': {
    arity: 1,
    options: [...ADMIN_OPTIONS],
    usage: `  user disable <email>                             end their sessions, tokens and OAuth grants at once;
                                                   refuse their sign-in until enabled`,
    run: setDisabled(true),
  },
  'user enable': {
    arity: 1,
    options: [...ADMIN_OPTIONS],
    usage: '  user enable <email>                              let a disabled account sign in again',
    run: setDisabled(false),
  },
  'vault create': {
    arity: 1,
    options: ['--owner', ...ADMIN_OPTIONS],
    usage: '  vault create <name> --owner <email>              create a vault',
    run: createVault,
  },
  'vault grant': {
    arity: 2,
    options: ['--role', ...ADMIN_OPTIONS],
    usage: `  vault grant <vault> <email> --role owner|editor|viewer
                                                   add a member or change their role`,
    run: grant,
  },
  'folder restrict': {
    arity: 2,
    options: ['--members', '--clear', ...ADMIN_OPTIONS],
    usage: `  folder restrict <vault> <folder> --members <email,...>
                                                   only these members see the folder (ACL2)
  folder restrict <vault> <folder> --clear         open the folder to every member again`,
    run: restrictFolder,
  },
};
