// `npm run baalda -- <command>`: the vault tree from a terminal, and the relay's accounts, vaults, private
// folders and tokens for its operator, all through a running relay's HTTP API. Input is checked locally
// first (core's rules), so bad input never leaves the machine.
import { isAccessTokenShape, isValidVaultId } from '@baalda/core';
import { createAdminClient } from './adminClient';
import { adminKeyPath, readAdminKey } from './adminKeyFile';
import { CliError, EXIT } from './cliError';
import type { CommandInput } from './commandTypes';
import { optionOf } from './inputChecks';
import { type Invocation, parseCommandLine } from './parseArguments';
import { createRelayClient } from './relayClient';

const NO_TOKEN =
  'pass --token or set BAALDA_TOKEN (create one in the web app or with `npm run baalda -- token create …`)';

function inputOf(invocation: Invocation): CommandInput {
  const input: CommandInput = {
    args: invocation.args,
    options: invocation.options,
    relay() {
      const token = (optionOf(input, '--token') ?? process.env.BAALDA_TOKEN ?? '').trim();
      if (!token) throw new CliError(NO_TOKEN);
      if (!isAccessTokenShape(token)) throw new CliError('The token is not a Baalda access token (baalda_pat_…).');
      const vaultId = optionOf(input, '--vault') ?? 'default';
      if (!isValidVaultId(vaultId)) throw new CliError(`"${vaultId}" is not a vault id (like default or team-notes).`);
      return createRelayClient(invocation.relay, { token, vaultId });
    },
    async admin() {
      const file = adminKeyPath(optionOf(input, '--admin-key-file'), process.env, process.cwd());
      return createAdminClient(invocation.relay, await readAdminKey(file), file);
    },
    note: (line) => process.stderr.write(`${line}\n`),
  };
  return input;
}

async function main(): Promise<void> {
  const line = parseCommandLine(process.argv.slice(2), process.env);
  if (line.kind === 'print') {
    process.stdout.write(`${line.text}\n`);
    return;
  }
  const { invocation } = line;
  const output = await invocation.command.run(inputOf(invocation));
  // mcp-stdio answers nothing: stdout was its protocol channel, and the client may have closed it.
  if (output) process.stdout.write(`${output}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = error instanceof CliError ? error.exitCode : EXIT.refused;
});
