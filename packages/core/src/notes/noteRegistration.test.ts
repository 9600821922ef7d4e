import { describe, expect, it } from 'vitest';
import { parseNoteRegistration } from './noteRegistration';

const now = Date.UTC(2026, 10, 30, 12);

describe('note registration', () => {
  it('[REG1] accepts a docId and an integer creation time', () => {
    expect(parseNoteRegistration({ docId: 'alicesFirstNote_0001', createdAt: now - 1000 }, now)).toEqual({
      ok: true,
      docId: 'alicesFirstNote_0001',
      createdAt: now - 1000,
    });
  });

  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 'note'],
    ['a missing docId', { createdAt: now }],
    ['a bad docId', { docId: 'a/b', createdAt: now }],
    ['a string createdAt', { docId: 'alicesFirstNote_0001', createdAt: '2026-11-30' }],
    ['a fractional createdAt', { docId: 'alicesFirstNote_0001', createdAt: now + 0.5 }],
  ])('[REG1] refuses %s with REQUEST_INVALID', (_label, body) => {
    expect(parseNoteRegistration(body, now)).toMatchObject({ ok: false, code: 'REQUEST_INVALID' });
  });

  it('[REG2] creation times before 2020 or more than a day ahead of the relay are refused', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(parseNoteRegistration({ docId: 'alicesFirstNote_0001', createdAt: Date.UTC(2019, 11, 31) }, now).ok).toBe(
      false,
    );
    expect(parseNoteRegistration({ docId: 'alicesFirstNote_0001', createdAt: now + day + 1 }, now).ok).toBe(false);
    expect(parseNoteRegistration({ docId: 'alicesFirstNote_0001', createdAt: now + day }, now).ok).toBe(true);
  });
});
