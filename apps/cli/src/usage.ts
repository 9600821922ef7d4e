import { COMMANDS, isOperatorCommand } from './commands';
import type { Command } from './commandTypes';

const SYNOPSIS = 'usage: npm run baalda -- [--relay URL] <command> [options]';
const AS_PERSON = 'as a person (--token T or $BAALDA_TOKEN; --vault V, default "default"):';
const AS_OPERATOR = `as the relay's operator (the admin key: --admin-key-file F, else $BAALDA_ADMIN_KEY_FILE,
else $BAALDA_DATA_DIR/admin.key, else ./data/admin.key; the relay must run on this machine):`;
const FOOTER = `--relay defaults to $BAALDA_RELAY_URL or http://127.0.0.1:8787
--help (or -h) after a command prints its usage; --version prints the CLI's version
exit codes: 0 done, 1 the relay refused (or could not be reached), 2 wrong usage`;

const sectionOf = (command: Command) => (isOperatorCommand(command) ? AS_OPERATOR : AS_PERSON);

function usageLines(commands: readonly Command[]): string {
  return commands.map((command) => command.usage).join('\n');
}

const ALL = Object.values(COMMANDS);

/** What `npm run baalda -- --help` prints, and what it prints to stderr when called wrong. */
export const USAGE = [
  SYNOPSIS,
  '',
  AS_PERSON,
  usageLines(ALL.filter((command) => !isOperatorCommand(command))),
  '',
  AS_OPERATOR,
  usageLines(ALL.filter(isOperatorCommand)),
  '',
  FOOTER,
].join('\n');

/**
 * The usage of the named commands (one, or a group's), called `title` in the synopsis: their lines under
 * their section's heading, which says how they are authorised.
 */
export function usageOf(title: string, names: readonly string[]): string {
  const commands = names.flatMap((name) => COMMANDS[name] ?? []);
  const sections = [...new Set(commands.map(sectionOf))].map((section) =>
    [section, usageLines(commands.filter((command) => sectionOf(command) === section))].join('\n'),
  );
  const synopsis = `usage: npm run baalda -- [--relay URL] ${title} [options]`;
  return [synopsis, '', ...sections, '', FOOTER].join('\n');
}
