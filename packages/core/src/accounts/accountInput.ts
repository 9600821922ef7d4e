import { LIMITS } from '../limits/limits';
import { fail, type Result } from '../result';

// ACC1: one `@`, a dot in the domain, no spaces or control characters. Deliverability is not ours to
// judge; this only catches typos and input that could not be an address.
const EMAIL_SHAPE = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const CONTROL = /\p{Cc}/u;

/** ACC1: an email as typed (trimmed, NFC) and the key accounts are unique by (lower case). */
export interface ParsedEmail {
  readonly email: string;
  readonly emailKey: string;
}

/**
 * ACC1: checks an email address. The key is the address in lower case, so `Alice@X.org` and
 * `alice@x.org` are one account (what people expect, though RFC 5321 lets local parts differ by case).
 * @example parseEmail(' Alice@Example.org ') // { ok: true, email: 'Alice@Example.org', emailKey: 'alice@example.org' }
 */
export function parseEmail(raw: unknown): Result<ParsedEmail, 'EMAIL_INVALID'> {
  if (typeof raw !== 'string') return fail('EMAIL_INVALID', 'Give an email address.');
  const email = raw.trim().normalize('NFC');
  if (email.length === 0 || email.length > LIMITS.maxEmailLength || !EMAIL_SHAPE.test(email)) {
    return fail(
      'EMAIL_INVALID',
      `Give an email address like name@example.org (at most ${LIMITS.maxEmailLength} characters).`,
    );
  }
  return { ok: true, email, emailKey: email.toLowerCase() };
}

/**
 * ACC2: checks a chosen password by length alone, in code points (NIST SP 800-63B: no composition
 * rules, which push people to predictable patterns). It is never trimmed: spaces are characters.
 */
export function parsePassword(raw: unknown): Result<{ password: string }, 'PASSWORD_WEAK'> {
  if (typeof raw !== 'string') return fail('PASSWORD_WEAK', 'Give a password.');
  const length = [...raw].length;
  if (length < LIMITS.minPasswordLength || length > LIMITS.maxPasswordLength) {
    return fail(
      'PASSWORD_WEAK',
      `Use a password of ${LIMITS.minPasswordLength} to ${LIMITS.maxPasswordLength} characters; a few words make a good one.`,
    );
  }
  return { ok: true, password: raw };
}

/**
 * ACC3: a person's, vault's or token's name: trimmed, NFC, 1–80 characters, no control characters.
 * `what` names the field in the message ("A vault name").
 */
export function parseDisplayName(raw: unknown, what: string): Result<{ name: string }, 'REQUEST_INVALID'> {
  if (typeof raw !== 'string') return fail('REQUEST_INVALID', `${what} must be text.`);
  const name = raw.trim().normalize('NFC');
  if (name.length === 0 || [...name].length > LIMITS.maxNameLength || CONTROL.test(name)) {
    return fail(
      'REQUEST_INVALID',
      `${what} must be 1 to ${LIMITS.maxNameLength} characters, without control characters.`,
    );
  }
  return { ok: true, name };
}

/**
 * ACC4: a whole number of days from 1 to `max`, or undefined when absent (the caller's default).
 * @example parseDays(30, 3650, 'expiresInDays') // { ok: true, days: 30 }
 */
export function parseDays(
  raw: unknown,
  max: number,
  field: string,
): Result<{ days: number | undefined }, 'REQUEST_INVALID'> {
  if (raw === undefined || raw === null) return { ok: true, days: undefined };
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > max) {
    return fail('REQUEST_INVALID', `${field} must be a whole number of days from 1 to ${max}.`);
  }
  return { ok: true, days: raw };
}
