import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CliError } from './cliError';
import { COMMANDS } from './commands';
import { USAGE } from './usage';

/** The command line split into words: positionals in order, options by flag (`--vault`), and the asks. */
export interface CommandWords {
  readonly positionals: string[];
  /** `--flag value` as the string, a switch (`--read-only`) as true; each flag at most once. */
  readonly options: Map<string, string | true>;
  wantsHelp: boolean;
  wantsVersion: boolean;
  /** The first thing wrong with the options, for the caller to throw unless it only prints help. */
  problem?: CliError;
}

const SWITCHES = new Set(['--read-only', '--clear']);
const VALUED = new Set(
  ['--relay', ...Object.values(COMMANDS).flatMap((command) => command.options)].filter((flag) => !SWITCHES.has(flag)),
);
const SPEC: ParseArgsConfig['options'] = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  ...Object.fromEntries([...VALUED].map((flag) => [flag.slice(2), { type: 'string' }])),
  ...Object.fromEntries([...SWITCHES].map((flag) => [flag.slice(2), { type: 'boolean' }])),
};

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type OptionToken = Extract<Token, { kind: 'option' }>;

/**
 * Splits argv with node:util's parseArgs: `--flag value`, `--flag=value` and switches, anywhere on the
 * line. Not strict: its checks would refuse a value that starts with one dash (a docId may), so the
 * checks are ours, and a word starting with one dash other than `-h` stays a positional. A wrong option
 * is kept as `problem`, not thrown, so that `--help` still answers on a line that is wrong otherwise.
 */
export function readCommandWords(argv: readonly string[]): CommandWords {
  const words: CommandWords = { positionals: [], options: new Map(), wantsHelp: false, wantsVersion: false };
  const { tokens } = parseArgs({ args: [...argv], options: SPEC, allowPositionals: true, strict: false, tokens: true });
  const shortWords = new Set<number>();
  for (const token of tokens) {
    if (token.kind === 'positional') words.positionals.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.rawName.startsWith('--')) takeOption(words, token);
    else if (argv[token.index] === '-h') words.wantsHelp = true;
    else if (!shortWords.has(token.index)) {
      shortWords.add(token.index);
      words.positionals.push(argv[token.index] as string);
    }
  }
  return words;
}

function takeOption(words: CommandWords, token: OptionToken): void {
  const flag = token.rawName;
  if (flag === '--help' || flag === '--version') {
    if (flag === '--help') words.wantsHelp = true;
    else words.wantsVersion = true;
    return;
  }
  try {
    if (words.options.has(flag)) throw new CliError(`${flag} is given twice.`);
    words.options.set(flag, optionValueOf(flag, token));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    words.problem ??= error;
  }
}

// A switch is true; a valued flag takes its `=value` or the next word, which must not be another flag.
function optionValueOf(flag: string, token: OptionToken): string | true {
  if (SWITCHES.has(flag)) {
    if (token.inlineValue) throw new CliError(`${flag} takes no value.`);
    return true;
  }
  if (!VALUED.has(flag)) throw new CliError(`Unknown option "${flag}".\n\n${USAGE}`);
  if (token.inlineValue) return token.value ?? '';
  if (token.value === undefined || token.value.startsWith('--')) throw new CliError(`${flag} needs a value.`);
  return token.value;
}
