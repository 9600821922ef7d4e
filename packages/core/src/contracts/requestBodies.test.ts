import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits';
import {
  ADMIN_BODY,
  CREATE_INVITE_BODY,
  CREATE_TOKEN_BODY,
  MAX_RESTRICTION_MEMBERS,
  PUT_RESTRICTION_BODY,
  SET_ROLE_BODY,
  SIGN_IN_BODY,
  SIGN_UP_BODY,
  VERSION_POST_BODY,
} from './requestBodies';
import { parseRequestBody } from './requestBody';

const alice = { email: 'alice@example.org', password: 'correct horse battery staple' };

describe('request bodies', () => {
  it('[CT1] a field checked by a core parser is refused with that parser’s code and message', () => {
    expect(parseRequestBody(SIGN_UP_BODY, { ...alice, email: 'nope' })).toMatchObject({ code: 'EMAIL_INVALID' });
    expect(parseRequestBody(SIGN_UP_BODY, { ...alice, password: 'short' })).toMatchObject({ code: 'PASSWORD_WEAK' });
    expect(parseRequestBody(SIGN_UP_BODY, { ...alice, name: 7 })).toEqual({
      ok: false,
      code: 'REQUEST_INVALID',
      message: 'Your name must be text.',
    });
    expect(parseRequestBody(CREATE_TOKEN_BODY, { name: 'cli', expiresInDays: LIMITS.maxTokenDays + 1 })).toEqual({
      ok: false,
      code: 'REQUEST_INVALID',
      message: `expiresInDays must be a whole number of days from 1 to ${LIMITS.maxTokenDays}.`,
    });
  });

  it('[CT1] fields are checked in the order the routes always checked them', () => {
    expect(parseRequestBody(SIGN_UP_BODY, { email: 'nope', password: 'short' })).toMatchObject({
      code: 'EMAIL_INVALID',
    });
    expect(parseRequestBody(CREATE_TOKEN_BODY, { name: '', readOnly: 'yes' })).toMatchObject({
      message: expect.stringMatching(/^A token name/),
    });
  });

  it('[CT1] a body that is not an object reads as {}, so the first field says what is missing', () => {
    for (const body of [null, [], 'x', 3]) {
      expect(parseRequestBody(SIGN_UP_BODY, body)).toMatchObject({ code: 'EMAIL_INVALID' });
    }
  });

  it('[CT1] an absent optional field takes the route’s default; a wrong one is refused in the route’s words', () => {
    const parsed = parseRequestBody(SIGN_UP_BODY, { ...alice, name: '', invite: 42 });
    expect(parsed).toMatchObject({ ok: true, value: { name: { name: undefined }, invite: undefined } });
    expect(parseRequestBody(CREATE_TOKEN_BODY, { name: 'cli', readOnly: 'yes' })).toMatchObject({
      message: 'readOnly must be true or false.',
    });
    expect(parseRequestBody(SET_ROLE_BODY, { role: 'admin' })).toMatchObject({
      message: 'role must be owner, editor or viewer.',
    });
    expect(parseRequestBody(CREATE_INVITE_BODY, { role: 'viewer' })).toMatchObject({
      ok: true,
      value: { role: 'viewer', expiresInDays: { days: undefined } },
    });
  });

  it('[CT1, ACL2] a private folder lists 1 to MAX_RESTRICTION_MEMBERS user ids, once each', () => {
    expect(parseRequestBody(PUT_RESTRICTION_BODY, { path: 'HR', members: ['u1', 'u1'] })).toEqual({
      ok: true,
      value: { path: 'HR', members: ['u1'] },
    });
    const tooMany = Array.from({ length: MAX_RESTRICTION_MEMBERS + 1 }, (_, index) => `u${index}`);
    for (const members of [[], tooMany, ['x'.repeat(65)], [7]]) {
      expect(parseRequestBody(PUT_RESTRICTION_BODY, { path: 'HR', members })).toMatchObject({
        code: 'REQUEST_INVALID',
        message: `members must be 1 to ${MAX_RESTRICTION_MEMBERS} user ids.`,
      });
    }
  });

  it('[CT1, ACC6] sign-in refusals take the route’s code; an over-long password is refused before hashing', () => {
    const long = { ...alice, password: 'x'.repeat(1025) };
    expect(parseRequestBody(SIGN_IN_BODY, long, 'SIGN_IN_FAILED')).toMatchObject({ code: 'SIGN_IN_FAILED' });
    expect(parseRequestBody(SIGN_IN_BODY, alice, 'SIGN_IN_FAILED')).toMatchObject({ ok: true });
  });

  it('[CT1] admin and version bodies must be JSON objects', () => {
    expect(parseRequestBody(ADMIN_BODY, 3)).toEqual({
      ok: false,
      code: 'REQUEST_INVALID',
      message: 'Send a JSON object.',
    });
    expect(parseRequestBody(VERSION_POST_BODY, 'nope')).toMatchObject({ code: 'REQUEST_INVALID' });
    expect(parseRequestBody(VERSION_POST_BODY, {})).toEqual({ ok: true, value: {} });
  });
});
