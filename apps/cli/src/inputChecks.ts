import {
  isValidVaultId,
  isVaultRole,
  LIMITS,
  parseDays,
  parseDisplayName,
  parseEmail,
  type VaultRole,
} from '@baalda/core';
import { CliError, requireOk } from './cliError';
import type { CommandInput } from './commandTypes';

// Checked here with core's own rules before anything is sent, so bad input never reaches the relay.

/** The value of `--flag value`, or undefined. */
export function optionOf(input: CommandInput, flag: string): string | undefined {
  const value = input.options.get(flag);
  return typeof value === 'string' ? value : undefined;
}

/** The value of a flag the command can't do without. */
export function requireOption(input: CommandInput, flag: string, what: string): string {
  const value = optionOf(input, flag);
  if (value === undefined) throw new CliError(`Give ${flag} ${what}.`);
  return value;
}

/** An email address, in NFC and trimmed (core's parseEmail). */
export function requireEmail(raw: string, what: string): string {
  return requireOk(parseEmail(raw), `${what} "${raw}"`).email;
}

/** A role: owner, editor or viewer. */
export function requireRole(raw: string): VaultRole {
  if (!isVaultRole(raw)) throw new CliError(`--role must be owner, editor or viewer, not "${raw}".`);
  return raw;
}

/** A vault id as the relay makes them from names (`team-notes`). */
export function requireVaultId(raw: string): string {
  if (!isValidVaultId(raw)) throw new CliError(`"${raw}" is not a vault id (like default or team-notes).`);
  return raw;
}

/** A display name (account, vault or token). */
export function requireName(raw: string, what: string): string {
  return requireOk(parseDisplayName(raw, what)).name;
}

/** `--expires <n>d`: whole days, 1 to LIMITS.maxTokenDays. */
export function requireDays(raw: string): number {
  const match = /^(\d{1,9})d$/.exec(raw.trim());
  const days = match ? parseDays(Number(match[1]), LIMITS.maxTokenDays, '--expires') : undefined;
  if (!days?.ok || days.days === undefined) {
    throw new CliError(`--expires takes days like 30d (1 to ${LIMITS.maxTokenDays}d), not "${raw}".`);
  }
  return days.days;
}

/** `--members a@x,b@y`: one or more emails, each checked, duplicates dropped. */
export function requireEmails(raw: string): string[] {
  const emails = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((email) => requireEmail(email, '--members'));
  if (emails.length === 0) throw new CliError('--members lists one or more emails, separated by commas.');
  return [...new Set(emails)];
}
