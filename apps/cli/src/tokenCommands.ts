import type { ApiToken } from './adminClient';
import { CliError } from './cliError';
import { ADMIN_OPTIONS, type Command, type CommandInput } from './commandTypes';
import { optionOf, requireDays, requireEmail, requireName, requireOption, requireVaultId } from './inputChecks';

/**
 * `token create --user <email> --vault <vault> [--read-only] [--expires 30d] [--name N]`: prints only
 * the secret on stdout, so `T=$(npm run -s baalda -- token create …)` captures it; details go to stderr.
 */
async function createToken(input: CommandInput): Promise<string> {
  const email = requireEmail(requireOption(input, '--user', '<email> (whose rights the token carries)'), '--user');
  const vaultId = requireVaultId(requireOption(input, '--vault', '<vault> (a token opens one vault)'));
  const expires = optionOf(input, '--expires');
  const name = optionOf(input, '--name');
  const request = {
    email,
    vaultId,
    readOnly: input.options.get('--read-only') === true,
    ...(expires === undefined ? {} : { expiresInDays: requireDays(expires) }),
    ...(name === undefined ? {} : { name: requireName(name, '--name') }),
  };
  const { token, secret } = await (await input.admin()).createToken(request);
  const limits = [token.readOnly ? 'read-only' : 'read-write', `expires ${formatTime(token.expiresAt, 'never')}`];
  input.note(`token ${token.id} "${token.name}" for ${email} on vault ${vaultId} (${limits.join(', ')}).`);
  input.note('The secret is shown once; keep it like a password.');
  return secret;
}

/** `token revoke <id>`: its open sockets close within seconds. */
async function revokeToken(input: CommandInput): Promise<string> {
  const id = input.args[0] ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new CliError(`"${id}" is not a token id (see \`token list\`).`);
  await (await input.admin()).revokeToken(id);
  return `revoked token ${id}`;
}

/** `token list`: every token on the relay, newest first. */
async function listTokens(input: CommandInput): Promise<string> {
  const { tokens } = await (await input.admin()).listTokens();
  return tokens.length === 0 ? '(no tokens)' : formatTable(tokens);
}

const COLUMNS: ReadonlyArray<[string, (token: ApiToken) => string]> = [
  ['id', (token) => token.id],
  ['user', (token) => token.email ?? token.userId],
  ['vault', (token) => token.vaultId],
  ['name', (token) => token.name],
  ['read-only', (token) => (token.readOnly ? 'yes' : 'no')],
  ['expires', (token) => formatTime(token.expiresAt, 'never')],
  ['last used', (token) => formatTime(token.lastUsedAt, 'never')],
  ['revoked', (token) => formatTime(token.revokedAt, 'no')],
];

function formatTable(tokens: readonly ApiToken[]): string {
  const rows = [COLUMNS.map(([title]) => title), ...tokens.map((token) => COLUMNS.map(([, cell]) => cell(token)))];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

// Minutes are enough to tell tokens apart; UTC so two admins read the same table.
function formatTime(iso: string | null, absent: string): string {
  return iso === null ? absent : `${iso.slice(0, 16).replace('T', ' ')}Z`;
}

/** The token commands, as the relay's operator (a person makes their own in the web app). */
export const TOKEN_COMMANDS: Record<string, Command> = {
  'token create': {
    arity: 0,
    options: ['--user', '--vault', '--read-only', '--expires', '--name', ...ADMIN_OPTIONS],
    usage: `  token create --user <email> --vault <vault> [--read-only] [--expires 30d] [--name N]
                                                   print a new token's secret (only it, on stdout)`,
    run: createToken,
  },
  'token revoke': {
    arity: 1,
    options: [...ADMIN_OPTIONS],
    usage: '  token revoke <id>                                revoke a token',
    run: revokeToken,
  },
  'token list': {
    arity: 0,
    options: [...ADMIN_OPTIONS],
    usage: '  token list                                       list every token',
    run: listTokens,
  },
};
