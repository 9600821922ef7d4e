import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits';
import { parseDays, parseDisplayName, parseEmail, parsePassword } from './accountInput';

const codePoints = (text: string) => [...text].length;
const asciiWord = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
const asciiEmail = fc
  .tuple(asciiWord, asciiWord, fc.constantFrom('org', 'com', 'CO.UK', 'Example'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
/** Flips the case of random letters of `text`. */
const withRandomCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) => [...text].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

describe('parseEmail', () => {
  it('[ACC1] trims the address, keeps it as typed and keys the account by its lower case', () => {
    expect(parseEmail(' Alice@Example.org \n')).toEqual({
      ok: true,
      email: 'Alice@Example.org',
      emailKey: 'alice@example.org',
    });
  });

  it('[ACC1] stores the address in NFC, so a composed and a decomposed é are one account', () => {
    const decomposed = parseEmail('Jose\u0301@example.org');
    const composed = parseEmail('Jos\u00e9@example.org');
    expect(decomposed).toEqual({ ok: true, email: 'Jos\u00e9@example.org', emailKey: 'jos\u00e9@example.org' });
    expect(decomposed).toEqual(composed);
  });

  it.each([
    ['no @', 'alice.example.org'],
    ['nothing before @', '@example.org'],
    ['nothing after @', 'alice@'],
    ['no dot in the domain', 'alice@localhost'],
    ['a dot with nothing after it', 'alice@example.'],
    ['two @', 'alice@bob@example.org'],
    ['a space inside', 'ali ce@example.org'],
    ['a tab inside', 'alice@exa\tmple.org'],
    ['a control character', 'alice\u0000@example.org'],
    ['a DEL', 'alice\u007f@example.org'],
    ['blank', '   '],
    ['empty', ''],
  ])('[ACC1] refuses an address with %s', (_, raw) => {
    expect(parseEmail(raw)).toMatchObject({ ok: false, code: 'EMAIL_INVALID' });
  });

  it.each([undefined, null, 42, ['a@b.c'], { email: 'a@b.c' }])('[ACC1] refuses %j, which is not text', (raw) => {
    expect(parseEmail(raw)).toMatchObject({ ok: false, code: 'EMAIL_INVALID', message: 'Give an email address.' });
  });

  it(`[ACC1, LIM9] accepts ${LIMITS.maxEmailLength} characters and refuses one more`, () => {
    const domain = '@example.org';
    const longest = `${'a'.repeat(LIMITS.maxEmailLength - domain.length)}${domain}`;
    expect(parseEmail(longest)).toMatchObject({ ok: true, email: longest });
    expect(parseEmail(`a${longest}`)).toMatchObject({ ok: false, code: 'EMAIL_INVALID' });
    // Surrounding spaces are not part of the address.
    expect(parseEmail(`  ${longest}  `)).toMatchObject({ ok: true, email: longest });
  });

  it('[ACC1] whatever it accepts is trimmed, NFC, has one @ and a lower-case key of the same address', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), asciiEmail), (raw) => {
        const parsed = parseEmail(raw);
        if (!parsed.ok) return;
        expect(parsed.email).toBe(parsed.email.trim());
        expect(parsed.email).toBe(parsed.email.normalize('NFC'));
        expect(parsed.email.split('@')).toHaveLength(2);
        expect(parsed.emailKey).toBe(parsed.email.toLowerCase());
        expect(parsed.emailKey).toBe(parsed.emailKey.toLowerCase());
        expect(parsed.email.length).toBeLessThanOrEqual(LIMITS.maxEmailLength);
      }),
      { numRuns: 1000 },
    );
  });

  it('[ACC1] the same address in any case and with any surrounding spaces gives the same key', () => {
    fc.assert(
      fc.property(
        asciiEmail.chain((email) => fc.tuple(fc.constant(email), withRandomCase(email))),
        fc.constantFrom('', ' ', '\t', '\n '),
        ([email, recased], padding) => {
          const original = parseEmail(email);
          const variant = parseEmail(`${padding}${recased}${padding}`);
          expect(original.ok && variant.ok).toBe(true);
          if (original.ok && variant.ok) {
            expect(variant.emailKey).toBe(original.emailKey);
            expect(variant.email).toBe(recased);
          }
        },
      ),
    );
  });
});

describe('parsePassword', () => {
  it(`[ACC2, LIM9] accepts ${LIMITS.minPasswordLength} to ${LIMITS.maxPasswordLength} characters`, () => {
    expect(parsePassword('a'.repeat(LIMITS.minPasswordLength - 1))).toMatchObject({ ok: false, code: 'PASSWORD_WEAK' });
    expect(parsePassword('a'.repeat(LIMITS.minPasswordLength))).toMatchObject({ ok: true });
    expect(parsePassword('a'.repeat(LIMITS.maxPasswordLength))).toMatchObject({ ok: true });
    expect(parsePassword('a'.repeat(LIMITS.maxPasswordLength + 1))).toMatchObject({ ok: false, code: 'PASSWORD_WEAK' });
  });

  it('[ACC2] counts code points, so ten emoji are ten characters, not twenty UTF-16 units', () => {
    expect('🔑'.repeat(9).length).toBe(18);
    expect(parsePassword('🔑'.repeat(9))).toMatchObject({ ok: false, code: 'PASSWORD_WEAK' });
    expect(parsePassword('🔑'.repeat(10))).toMatchObject({ ok: true });
    expect(parsePassword('🔑'.repeat(LIMITS.maxPasswordLength))).toMatchObject({ ok: true });
    expect(parsePassword('🔑'.repeat(LIMITS.maxPasswordLength + 1))).toMatchObject({ ok: false });
  });

  it('[ACC2] never trims or normalizes: spaces and the exact code points are the password', () => {
    expect(parsePassword('  correct horse  ')).toEqual({ ok: true, password: '  correct horse  ' });
    const decomposed = 'Jose\u0301 battery staple';
    expect(parsePassword(decomposed)).toEqual({ ok: true, password: decomposed });
  });

  it('[ACC2] asks for no composition: lower-case letters alone are enough', () => {
    expect(parsePassword('correcthorsebatterystaple')).toMatchObject({ ok: true });
  });

  it.each([undefined, null, 1234567890, ['aaaaaaaaaa']])('[ACC2] refuses %j, which is not text', (raw) => {
    expect(parsePassword(raw)).toMatchObject({ ok: false, code: 'PASSWORD_WEAK', message: 'Give a password.' });
  });

  it('[ACC2] a password is accepted exactly when its code points are within the limits, and returned unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: LIMITS.maxPasswordLength + 20 }), (raw) => {
        const parsed = parsePassword(raw);
        const length = codePoints(raw);
        expect(parsed.ok).toBe(length >= LIMITS.minPasswordLength && length <= LIMITS.maxPasswordLength);
        if (parsed.ok) expect(parsed.password).toBe(raw);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseDisplayName', () => {
  it('[ACC3] trims and normalizes to NFC', () => {
    expect(parseDisplayName('  Cafe\u0301 team \n', 'A vault name')).toEqual({ ok: true, name: 'Caf\u00e9 team' });
  });

  it(`[ACC3, LIM9] accepts up to ${LIMITS.maxNameLength} code points, emoji included`, () => {
    expect(parseDisplayName('🌱'.repeat(LIMITS.maxNameLength), 'A name')).toMatchObject({ ok: true });
    expect(parseDisplayName('🌱'.repeat(LIMITS.maxNameLength + 1), 'A name')).toMatchObject({ ok: false });
    expect(parseDisplayName('x'.repeat(LIMITS.maxNameLength + 1), 'A name')).toMatchObject({ ok: false });
  });

  it.each([
    ['empty', ''],
    ['blank', ' \t\n '],
    ['a newline inside', 'Team\nPlans'],
    ['a NUL', 'Team\u0000'],
    ['a C1 control', 'Team\u0085Plans'],
  ])('[ACC3] refuses a name that is %s, naming the field', (_, raw) => {
    expect(parseDisplayName(raw, 'A token name')).toEqual({
      ok: false,
      code: 'REQUEST_INVALID',
      message: `A token name must be 1 to ${LIMITS.maxNameLength} characters, without control characters.`,
    });
  });

  it('[ACC3] refuses what is not text, naming the field', () => {
    expect(parseDisplayName(7, 'A vault name')).toEqual({
      ok: false,
      code: 'REQUEST_INVALID',
      message: 'A vault name must be text.',
    });
  });

  it('[ACC3] whatever it accepts is trimmed, NFC, 1 to 80 code points and free of control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (raw) => {
        const parsed = parseDisplayName(raw, 'A name');
        if (!parsed.ok) return;
        expect(parsed.name).toBe(parsed.name.trim());
        expect(parsed.name).toBe(parsed.name.normalize('NFC'));
        expect(codePoints(parsed.name)).toBeGreaterThanOrEqual(1);
        expect(codePoints(parsed.name)).toBeLessThanOrEqual(LIMITS.maxNameLength);
        expect(parsed.name).not.toMatch(/\p{Cc}/u);
        expect(parseDisplayName(parsed.name, 'A name')).toEqual(parsed);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseDays', () => {
  it('[ACC4] absent (undefined or null) is the caller’s default', () => {
    expect(parseDays(undefined, LIMITS.maxTokenDays, 'expiresInDays')).toEqual({ ok: true, days: undefined });
    expect(parseDays(null, LIMITS.maxTokenDays, 'expiresInDays')).toEqual({ ok: true, days: undefined });
  });

  it('[ACC4, LIM9] accepts whole days from 1 to max', () => {
    expect(parseDays(1, LIMITS.maxInviteDays, 'expiresInDays')).toEqual({ ok: true, days: 1 });
    expect(parseDays(LIMITS.maxInviteDays, LIMITS.maxInviteDays, 'expiresInDays')).toEqual({
      ok: true,
      days: LIMITS.maxInviteDays,
    });
    expect(parseDays(LIMITS.maxTokenDays, LIMITS.maxTokenDays, 'expiresInDays')).toEqual({
      ok: true,
      days: 3650,
    });
  });

  it.each([0, -1, -0, 31, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '7', true, [7], {}])(
    '[ACC4] refuses %j with a message naming the field',
    (raw) => {
      expect(parseDays(raw, 30, 'expiresInDays')).toEqual({
        ok: false,
        code: 'REQUEST_INVALID',
        message: 'expiresInDays must be a whole number of days from 1 to 30.',
      });
    },
  );

  it('[ACC4] a number is accepted exactly when it is a whole number from 1 to max', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), fc.integer({ min: 1, max: 5000 }), (raw, max) => {
        const parsed = parseDays(raw, max, 'days');
        expect(parsed.ok).toBe(Number.isInteger(raw) && raw >= 1 && raw <= max);
        if (parsed.ok) expect(parsed.days).toBe(raw);
      }),
      { numRuns: 1000 },
    );
  });
});
