import { describe, expect, it } from 'vitest';
import type { AccessToken } from './accessShapes';
import { tokenFactsOf } from './tokenLabels';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 2, 12, 12);
const token: AccessToken = {
  id: 't1',
  name: 'CLI',
  vaultId: 'default',
  readOnly: true,
  createdAt: now - 3 * DAY,
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  oauthClient: null,
};

describe('token facts', () => {
  it('[ACL3] names the vault, rights, age, expiry and use of a live token', () => {
    expect(tokenFactsOf(token, now, new Map([['default', 'Team notes']]), 'en-GB')).toEqual([
      'Vault: Team notes',
      'Read-only',
      'Created 3 days ago',
      'Never expires',
      'Never used',
    ]);
  });

  it('[ACL3] says when a token expired or was revoked', () => {
    const dead = { ...token, readOnly: false, expiresAt: now - DAY, lastUsedAt: now - 2 * DAY, revokedAt: now - DAY };
    expect(tokenFactsOf(dead, now, new Map(), 'en-GB')).toEqual([
      'Vault: default',
      'Read and write',
      'Created 3 days ago',
      'Expires 11 Mar 2026',
      'Last used 2 days ago',
      'Revoked yesterday',
    ]);
    expect(tokenFactsOf({ ...dead, revokedAt: null }, now, new Map(), 'en-GB')[3]).toBe('Expired 11 Mar 2026');
  });

  it('[OAC3] marks an assistant’s OAuth grant among the tokens, before its vault', () => {
    const grant = { ...token, name: 'Claude (OAuth)', oauthClient: 'Claude' };
    expect(tokenFactsOf(grant, now, new Map(), 'en-GB').slice(0, 2)).toEqual(['Connected via OAuth', 'Vault: default']);
    expect(tokenFactsOf(token, now, new Map(), 'en-GB')).not.toContain('Connected via OAuth');
  });
});
