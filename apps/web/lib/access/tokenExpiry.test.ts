import { describe, expect, it } from 'vitest';
import type { AccessToken } from './accessShapes';
import { EXPIRY_OPTIONS, expiryDaysOf, sortTokens, tokenNameProblem, tokenStateOf } from './tokenExpiry';

const DAY = 24 * 60 * 60 * 1000;
const base: AccessToken = {
  id: 't',
  name: 'CLI',
  vaultId: 'default',
  readOnly: false,
  createdAt: 0,
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  oauthClient: null,
};

describe('new token choices', () => {
  it('[ACL3] offers 7, 30 and 90 days and never; never leaves the expiry out', () => {
    expect(EXPIRY_OPTIONS.map((option) => option.days)).toEqual([7, 30, 90, null]);
    expect(expiryDaysOf('90')).toBe(90);
    expect(expiryDaysOf('never')).toBeNull();
    expect(expiryDaysOf('tampered')).toBe(30);
  });

  it('needs a name of 1–80 characters after trimming', () => {
    expect(tokenNameProblem('   ')).toMatch(/Give the token a name/);
    expect(tokenNameProblem('x'.repeat(81))).toMatch(/at most 80/);
    expect(tokenNameProblem(' Laptop CLI ')).toBeNull();
  });
});

describe('token states', () => {
  it('[ACL3] revoked wins over expired; an expiry reached is expired', () => {
    expect(tokenStateOf({ ...base, revokedAt: 5, expiresAt: 1 }, 10)).toBe('revoked');
    expect(tokenStateOf({ ...base, expiresAt: 10 }, 10)).toBe('expired');
    expect(tokenStateOf({ ...base, expiresAt: 11 }, 10)).toBe('active');
  });

  it('lists live tokens first, newest first, then the dead ones', () => {
    const old = { ...base, id: 'old', createdAt: 1 * DAY };
    const fresh = { ...base, id: 'fresh', createdAt: 3 * DAY };
    const revoked = { ...base, id: 'revoked', createdAt: 4 * DAY, revokedAt: 4 * DAY };
    expect(sortTokens([revoked, old, fresh], 5 * DAY).map((token) => token.id)).toEqual(['fresh', 'old', 'revoked']);
  });
});
