import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_PREFIX,
  bearerTokenOf,
  isAccessTokenShape,
  isSecretShape,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  sessionCookieName,
  sessionSecretFromCookie,
  sessionSecretsFromCookie,
} from './secretFormats';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
const OTHER_SECRET = 'zYxWvUtSrQpOnMlKjIhGfEdCbA9876543210_-zYxWv';
const base64url = fc.stringMatching(/^[A-Za-z0-9_-]$/);
const secret = fc.string({ unit: base64url, minLength: 43, maxLength: 43 });

describe('secret shapes', () => {
  it('[ACC7] a secret is exactly 43 base64url characters (32 random bytes)', () => {
    expect(SECRET).toHaveLength(43);
    expect(isSecretShape(SECRET)).toBe(true);
    expect(isSecretShape(SECRET.slice(1))).toBe(false);
    expect(isSecretShape(`${SECRET}A`)).toBe(false);
    expect(isSecretShape(`${SECRET.slice(1)}+`)).toBe(false);
    expect(isSecretShape(`${SECRET.slice(1)}/`)).toBe(false);
    expect(isSecretShape(`${SECRET.slice(1)}=`)).toBe(false);
    expect(isSecretShape(`${SECRET}\n`)).toBe(false);
    expect(isSecretShape('')).toBe(false);
  });

  it('[ACC7] an access token is baalda_pat_ and a secret; the prefix is case-sensitive', () => {
    expect(isAccessTokenShape(`${ACCESS_TOKEN_PREFIX}${SECRET}`)).toBe(true);
    expect(isAccessTokenShape(SECRET)).toBe(false);
    expect(isAccessTokenShape(`BAALDA_PAT_${SECRET}`)).toBe(false);
    expect(isAccessTokenShape(`${ACCESS_TOKEN_PREFIX}${SECRET}A`)).toBe(false);
    expect(isAccessTokenShape(`${ACCESS_TOKEN_PREFIX}${ACCESS_TOKEN_PREFIX}${SECRET}`)).toBe(false);
    expect(isAccessTokenShape(ACCESS_TOKEN_PREFIX)).toBe(false);
  });

  it('[ACC7] every 43-character base64url string is a secret, with the prefix a token, and never both', () => {
    fc.assert(
      fc.property(secret, (body) => {
        expect(isSecretShape(body)).toBe(true);
        expect(isAccessTokenShape(body)).toBe(false);
        expect(isAccessTokenShape(`${ACCESS_TOKEN_PREFIX}${body}`)).toBe(true);
        expect(isSecretShape(`${ACCESS_TOKEN_PREFIX}${body}`)).toBe(false);
      }),
    );
  });
});

describe('bearerTokenOf', () => {
  const token = `${ACCESS_TOKEN_PREFIX}${SECRET}`;

  it('[ACC7] reads the token of a Bearer header, the scheme in any case', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR'])
      expect(bearerTokenOf(`${scheme} ${token}`)).toBe(token);
  });

  it('[ACC7] ignores surrounding whitespace and accepts several spaces after the scheme (RFC 6750: 1*SP)', () => {
    expect(bearerTokenOf(`  Bearer ${token}\t`)).toBe(token);
    expect(bearerTokenOf(`Bearer   ${token}`)).toBe(token);
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['the scheme alone', 'Bearer'],
    ['the scheme and a space', 'Bearer '],
    ['no space after the scheme', `Bearer${token}`],
    ['another scheme', `Basic ${token}`],
    ['two tokens', `Bearer ${token} ${token}`],
    ['a token over 200 characters', `Bearer ${'a'.repeat(201)}`],
    ['a newline inside', `Bearer ab\ncd`],
  ])('[ACC7] answers null for a header that is %s', (_, header) => {
    expect(bearerTokenOf(header)).toBeNull();
  });

  it('[ACC7] accepts a token of up to 200 characters; its shape is the caller’s to check', () => {
    expect(bearerTokenOf(`Bearer ${'a'.repeat(200)}`)).toBe('a'.repeat(200));
    expect(bearerTokenOf('Bearer not-a-baalda-token')).toBe('not-a-baalda-token');
  });

  it('[ACC7] for any casing of the scheme and any token, the token comes back unchanged', () => {
    const scheme = fc
      .array(fc.boolean(), { minLength: 6, maxLength: 6 })
      .map((flips) => [...'bearer'].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join(''));
    fc.assert(
      fc.property(scheme, secret, (s, body) => {
        expect(bearerTokenOf(`${s} ${ACCESS_TOKEN_PREFIX}${body}`)).toBe(`${ACCESS_TOKEN_PREFIX}${body}`);
      }),
    );
  });

  it('[ACC7] whatever the header, the answer is null or a 1–200 character token without whitespace', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `Bearer ${s}`),
        ),
        (header) => {
          const found = bearerTokenOf(header);
          if (found !== null) expect(found).toMatch(/^\S{1,200}$/u);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('sessionSecretFromCookie', () => {
  it('[ACC8] the session cookie is named baalda_session on http and __Host-baalda_session behind https', () => {
    expect(SESSION_COOKIE).toBe('baalda_session');
    expect(SECURE_SESSION_COOKIE).toBe('__Host-baalda_session');
    expect(sessionCookieName(false)).toBe('baalda_session');
    expect(sessionCookieName(true)).toBe('__Host-baalda_session');
  });

  it('[ACC8] the __Host- cookie wins over the plain name, wherever each stands in the header', () => {
    expect(sessionSecretFromCookie(`__Host-baalda_session=${SECRET}`)).toBe(SECRET);
    expect(sessionSecretFromCookie(`baalda_session=${OTHER_SECRET}; __Host-baalda_session=${SECRET}`)).toBe(SECRET);
    expect(sessionSecretFromCookie(`__Host-baalda_session=${SECRET}; baalda_session=${OTHER_SECRET}`)).toBe(SECRET);
    expect(sessionSecretFromCookie(`__Host-baalda_session=junk; baalda_session=${OTHER_SECRET}`)).toBe(OTHER_SECRET);
    expect(sessionSecretFromCookie(`__host-baalda_session=${SECRET}`)).toBeNull();
  });

  it('[ACC8] sessionSecretsFromCookie lists the __Host- secret, then the plain one (what sign-out ends)', () => {
    expect(sessionSecretsFromCookie(`baalda_session=${OTHER_SECRET}; __Host-baalda_session=${SECRET}`)).toEqual([
      SECRET,
      OTHER_SECRET,
    ]);
    expect(sessionSecretsFromCookie(`baalda_session=${OTHER_SECRET}; baalda_session=${SECRET}`)).toEqual([
      OTHER_SECRET,
    ]);
    expect(sessionSecretsFromCookie('theme=dark')).toEqual([]);
  });

  it('[ACC8] finds the session secret alone or among other cookies', () => {
    expect(sessionSecretFromCookie(`baalda_session=${SECRET}`)).toBe(SECRET);
    expect(sessionSecretFromCookie(`theme=dark; baalda_session=${SECRET}; lang=en`)).toBe(SECRET);
    expect(sessionSecretFromCookie(`theme=dark;baalda_session=${SECRET}`)).toBe(SECRET);
  });

  it('[ACC8] tolerates spaces and tabs around names, values and separators', () => {
    expect(sessionSecretFromCookie(`  theme=dark ;\tbaalda_session = ${SECRET} \t; x=y  `)).toBe(SECRET);
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['without the cookie', 'theme=dark; lang=en'],
    ['with a short value', 'theme=dark; baalda_session=abc'],
    ['with an empty value', 'baalda_session='],
    ['with the name alone', 'baalda_session'],
    ['with one character too many', `baalda_session=${SECRET}x`],
    ['with a trailing =', `baalda_session=${SECRET}=`],
    ['with a quoted value (the relay never quotes it)', `baalda_session="${SECRET}"`],
    ['with an access token as value', `baalda_session=${ACCESS_TOKEN_PREFIX}${SECRET}`],
    ['under a longer name', `xbaalda_session=${SECRET}`],
    ['under a name with a suffix', `baalda_session2=${SECRET}`],
    ['under the name in upper case (names are case-sensitive)', `BAALDA_SESSION=${SECRET}`],
    ['inside another cookie’s value', `other=baalda_session=${SECRET}`],
  ])('[ACC8] a header %s has no session (a malformed cookie is no cookie)', (_, header) => {
    expect(sessionSecretFromCookie(header)).toBeNull();
  });

  it('[ACC8] with duplicate names, the first well-shaped value wins and malformed ones are skipped', () => {
    expect(sessionSecretFromCookie(`baalda_session=${SECRET}; baalda_session=${OTHER_SECRET}`)).toBe(SECRET);
    expect(sessionSecretFromCookie(`baalda_session=stale; baalda_session=${OTHER_SECRET}`)).toBe(OTHER_SECRET);
  });

  it('[ACC8] a header over 16 KiB is read as no cookie, without being split', () => {
    const padding = `pad=${'y'.repeat(16_384)}`;
    expect(sessionSecretFromCookie(`baalda_session=${SECRET}; ${padding}`)).toBeNull();
    const fits = `baalda_session=${SECRET}; pad=${'y'.repeat(16_200)}`;
    expect(fits.length).toBeLessThanOrEqual(16_384);
    expect(sessionSecretFromCookie(fits)).toBe(SECRET);
    const huge = `${'a=b; '.repeat(200_000)}baalda_session=${SECRET}`;
    expect(sessionSecretFromCookie(huge)).toBeNull();
  });

  it('[ACC8] finds the session among random cookies with random spacing, wherever it sits', () => {
    const name = fc.constantFrom('theme', 'lang', 'baalda', 'session', 'baalda_sessio', '_ga', 'baalda_session_old');
    const value = fc.stringMatching(/^[!#-+\--:<-[\]-~]{0,50}$/);
    const space = fc.constantFrom('', ' ', '  ', '\t');
    const cookie = fc.tuple(name, value, space, space).map(([n, v, a, b]) => `${a}${n}=${v}${b}`);
    fc.assert(
      fc.property(fc.array(cookie, { maxLength: 10 }), fc.nat(), secret, space, (others, at, body, pad) => {
        const cookies = [...others];
        cookies.splice(at % (others.length + 1), 0, `${pad}${SESSION_COOKIE}${pad}=${pad}${body}${pad}`);
        expect(sessionSecretFromCookie(cookies.join(';'))).toBe(body);
      }),
      { numRuns: 500 },
    );
  });

  it('[ACC8] whatever the header, the answer is null or a well-shaped secret, and it never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.array(fc.constantFrom('baalda_session', '=', ';', ' ', SECRET, 'x')).map((parts) => parts.join('')),
        ),
        (header) => {
          const found = sessionSecretFromCookie(header);
          if (found !== null) expect(isSecretShape(found)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
