import { ACCOUNT_COMMANDS } from './accountCommands';
import { CliError } from './cliError';
import type { Command } from './commandTypes';
import { MCP_STDIO_COMMAND } from './mcpStdioCommand';
import { MIRROR_COMMAND } from './mirror/mirrorCommand';
import { REINDEX_COMMAND } from './reindexCommand';
import { TOKEN_COMMANDS } from './tokenCommands';
import { TRANSFER_COMMANDS } from './transfer/transferCommands';
import { TREE_COMMANDS } from './treeCommands';
import { USAGE } from './usage';

/** Every command by its name; two-word names (`vault create`) are a group and a subcommand. */
export const COMMANDS: Record<string, Command> = {
  ...TREE_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...TOKEN_COMMANDS,
  reindex: REINDEX_COMMAND,
  'mcp-stdio': MCP_STDIO_COMMAND,
  mirror: MIRROR_COMMAND,
  ...TRANSFER_COMMANDS,
};

const GROUPS = new Set(Object.keys(COMMANDS).flatMap((name) => (name.includes(' ') ? [name.split(' ')[0]] : [])));
const SWITCHES = new Set(['--read-only', '--clear']);
const VALUED = new Set(['--relay', ...Object.values(COMMANDS).flatMap((command) => command.options)]);

/** A checked command line. */
export interface Invocation {
  readonly name: string;
  readonly command: Command;
  readonly args: readonly string[];
  /** The options as given, except that `--relay` always holds the relay's URL (see `relay`). */
  readonly options: ReadonlyMap<string, string | true>;
  /** `--relay`, else `--url` (mcp-stdio's name for it, after issue 7), else $BAALDA_RELAY_URL, else local. */
  readonly relay: string;
}

/** Reads argv: the command, its arguments and options; anything unknown or misplaced is a usage error. */
export function parseArguments(argv: readonly string[], env: NodeJS.ProcessEnv): Invocation {
  const { positionals, options } = splitOptions(argv);
  const relay = relayOf(options, env);
  const [first = '', ...rest] = positionals;
  const grouped = GROUPS.has(first);
  const name = grouped ? `${first} ${rest[0] ?? ''}`.trim() : first;
  const args = grouped ? rest.slice(1) : rest;
  const command = COMMANDS[name];
  if (!command && grouped && !rest[0]) throw new CliError(`"${first}" needs one of: ${subcommandsOf(first)}.`);
  if (!command) throw new CliError(name ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
  if (args.length !== command.arity) throw new CliError(`"${name}" takes ${command.arity} argument(s).\n\n${USAGE}`);
  for (const flag of options.keys()) {
    if (flag === '--relay' || command.options.includes(flag)) continue;
    const owners = Object.keys(COMMANDS).filter((other) => COMMANDS[other]?.options.includes(flag));
    throw new CliError(`"${name}" does not take ${flag}; it goes with: ${owners.join(', ')}.`);
  }
  options.set('--relay', relay);
  return { name, command, args, options, relay };
}

// Which command may take `--url` is checked with the other options; here only that it names one relay.
function relayOf(options: ReadonlyMap<string, string | true>, env: NodeJS.ProcessEnv): string {
  if (options.has('--relay') && options.has('--url')) throw new CliError('Give --relay or --url, not both.');
  const flag = options.has('--url') ? '--url' : '--relay';
  const relay = options.get(flag) ?? (env.BAALDA_RELAY_URL?.trim() || 'http://127.0.0.1:8787');
  if (typeof relay !== 'string' || !/^https?:\/\/[^\s]+$/.test(relay))
    throw new CliError(`${flag} must be an http(s) URL, got "${String(relay)}".`);
  return relay;
}

function subcommandsOf(group: string): string {
  return Object.keys(COMMANDS)
    .filter((name) => name.startsWith(`${group} `))
    .map((name) => name.slice(group.length + 1))
    .join(', ');
}

// `--flag value`, `--flag=value` and switches, anywhere on the line; the rest are positionals.
function splitOptions(argv: readonly string[]): { positionals: string[]; options: Map<string, string | true> } {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  const words = [...argv];
  for (let word = words.shift(); word !== undefined; word = words.shift()) {
    if (!word.startsWith('--')) {
      positionals.push(word);
      continue;
    }
    const equals = word.indexOf('=');
    const flag = equals < 0 ? word : word.slice(0, equals);
    if (options.has(flag)) throw new CliError(`${flag} is given twice.`);
    options.set(flag, takeValue(flag, equals < 0 ? undefined : word.slice(equals + 1), words));
  }
  return { positionals, options };
}

// A switch is true; a valued flag takes its `=value` or the next word (consumed from `words`).
function takeValue(flag: string, inline: string | undefined, words: string[]): string | true {
  if (SWITCHES.has(flag)) {
    if (inline !== undefined) throw new CliError(`${flag} takes no value.`);
    return true;
  }
  if (!VALUED.has(flag)) throw new CliError(`Unknown option "${flag}".\n\n${USAGE}`);
  if (inline !== undefined) return inline;
  const value = words[0];
  if (value === undefined || value.startsWith('--')) throw new CliError(`${flag} needs a value.`);
  words.shift();
  return value;
}
