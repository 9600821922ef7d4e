import { CliError } from './cliError';
import { COMMANDS, GROUPS, subcommandsOf } from './commands';
import type { Command } from './commandTypes';
import { readCommandWords } from './commandWords';
import { USAGE, usageOf } from './usage';
import { CLI_VERSION } from './version';

/** A checked command line. */
export interface Invocation {
  readonly name: string;
  readonly command: Command;
  readonly args: readonly string[];
  /** The options as given, except that `--relay` always holds the relay's URL (see `relay`). */
  readonly options: ReadonlyMap<string, string | true>;
  /** `--relay`, else `--url` (mcp-stdio's and mirror's name for it), else $BAALDA_RELAY_URL, else local. */
  readonly relay: string;
}

/** What a command line asks for: a command to run, or a text to print (usage, version) and exit 0. */
export type CommandLine =
  | { readonly kind: 'run'; readonly invocation: Invocation }
  | { readonly kind: 'print'; readonly text: string };

/**
 * Reads argv: `--version`; `--help`, `-h` or `help` (before or after a command: that command's usage);
 * else the command, its arguments and options, where anything unknown or misplaced is a usage error.
 */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  const { positionals, options, wantsHelp, wantsVersion, problem } = readCommandWords(argv);
  if (wantsVersion) return { kind: 'print', text: CLI_VERSION };
  if (positionals[0] === 'help') return { kind: 'print', text: helpFor(positionals.slice(1)) };
  if (wantsHelp) return { kind: 'print', text: helpFor(positionals) };
  if (problem) throw problem;
  return { kind: 'run', invocation: invocationOf(positionals, options, env) };
}

function invocationOf(
  positionals: readonly string[],
  options: Map<string, string | true>,
  env: NodeJS.ProcessEnv,
): Invocation {
  const relay = relayOf(options, env);
  const { name, args } = commandNameOf(positionals);
  const command = COMMANDS[name];
  if (!command) throw new CliError(name ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
  if (args.length !== command.arity)
    throw new CliError(`"${name}" takes ${command.arity} argument(s).\n\n${usageOf(name, [name])}`);
  for (const flag of options.keys()) {
    if (flag === '--relay' || command.options.includes(flag)) continue;
    const owners = Object.keys(COMMANDS).filter((other) => COMMANDS[other]?.options.includes(flag));
    throw new CliError(`"${name}" does not take ${flag}; it goes with: ${owners.join(', ')}.`);
  }
  options.set('--relay', relay);
  return { name, command, args, options, relay };
}

// A group's first word alone (`vault`) names no command: say which follow it, on one line.
function commandNameOf(positionals: readonly string[]): { name: string; args: readonly string[] } {
  const [first = '', second, ...rest] = positionals;
  if (!GROUPS.has(first)) return { name: first, args: positionals.slice(1) };
  if (!second) throw new CliError(`"${first}" needs one of: ${subcommandsOf(first).join(', ')}.`);
  return { name: `${first} ${second}`, args: rest };
}

// `help`, `--help` or `-h` with no command, with a command, or with a group's first word (all of its commands).
function helpFor(positionals: readonly string[]): string {
  const [first = '', second] = positionals;
  if (!first) return USAGE;
  if (GROUPS.has(first) && !second) {
    const subcommands = subcommandsOf(first);
    return usageOf(
      `${first} <${subcommands.join('|')}>`,
      subcommands.map((subcommand) => `${first} ${subcommand}`),
    );
  }
  const { name } = commandNameOf(positionals);
  if (!COMMANDS[name]) throw new CliError(`Unknown command "${name}".\n\n${USAGE}`);
  return usageOf(name, [name]);
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
