import { ACCOUNT_COMMANDS } from './accountCommands';
import type { Command } from './commandTypes';
import { MCP_STDIO_COMMAND } from './mcpStdioCommand';
import { MIRROR_COMMAND } from './mirror/mirrorCommand';
import { PASSWORD_COMMAND } from './passwordCommand';
import { REINDEX_COMMAND } from './reindexCommand';
import { TOKEN_COMMANDS } from './tokenCommands';
import { TRANSFER_COMMANDS } from './transfer/transferCommands';
import { TREE_COMMANDS } from './treeCommands';

/**
 * Every command by its name, in the order the usage lists them; two-word names (`vault create`) are a
 * group and a subcommand.
 */
export const COMMANDS: Readonly<Record<string, Command>> = {
  ...TREE_COMMANDS,
  'mcp-stdio': MCP_STDIO_COMMAND,
  mirror: MIRROR_COMMAND,
  ...TRANSFER_COMMANDS,
  password: PASSWORD_COMMAND,
  ...ACCOUNT_COMMANDS,
  ...TOKEN_COMMANDS,
  reindex: REINDEX_COMMAND,
};

/** The first words of two-word commands (`vault`, `token`…). */
export const GROUPS: ReadonlySet<string> = new Set(
  Object.keys(COMMANDS).flatMap((name) => (name.includes(' ') ? [name.split(' ')[0] as string] : [])),
);

/** The names of a group's commands, without the group (`create, grant`). */
export function subcommandsOf(group: string): string[] {
  return Object.keys(COMMANDS)
    .filter((name) => name.startsWith(`${group} `))
    .map((name) => name.slice(group.length + 1));
}

/** True when the command acts as the relay's operator (with the admin key), not as a person. */
export function isOperatorCommand(command: Command): boolean {
  return command.options.includes('--admin-key-file');
}
