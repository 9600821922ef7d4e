import type { AdminClient } from './adminClient';
import type { RelayClient } from './relayClient';

/** What a command gets: its arguments and options, and the relay reached the way the command needs. */
export interface CommandInput {
  readonly args: readonly string[];
  /** `--flag value` as the string, a switch (`--read-only`) as true. */
  readonly options: ReadonlyMap<string, string | true>;
  /** The vault's tree API with the caller's token; a usage error when no token was given. */
  relay(): RelayClient;
  /** The admin API; reads the admin key first, a usage error naming the file when it can't. */
  admin(): Promise<AdminClient>;
  /** Writes a line to stderr: details that must stay off stdout. */
  note(line: string): void;
}

/** One command: how many arguments, which options (besides `--relay`), its usage, and what it does. */
export interface Command {
  readonly arity: number;
  readonly options: readonly string[];
  /** Its lines of the usage (synopsis, then what it does), as `--help` and the full usage print them. */
  readonly usage: string;
  readonly run: (input: CommandInput) => Promise<string>;
}

/** The options of commands that act as a person, with a personal access token. */
export const TOKEN_OPTIONS = ['--token', '--vault'] as const;

/** The options of commands that act as the relay's operator, with the admin key. */
export const ADMIN_OPTIONS = ['--admin-key-file'] as const;
