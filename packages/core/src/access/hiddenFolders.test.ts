import { describe, expect, it } from 'vitest';
import type { FolderRestriction, Principal } from './accessTypes';
import { hiddenFolderKeys, isHiddenPathKey, likePrefixPatternOf } from './hiddenFolders';

const NOW = Date.UTC(2026, 11, 1);
const restricted = (folderKey: string, ...members: string[]): FolderRestriction => ({
  folderKey,
  members: new Set(members),
});
const alice: Principal = { userId: 'alice', vaultId: 'v1', role: 'owner' };

describe('hidden folders for search', () => {
  it('[ACL5] lists the restricted folders the principal is not in, minimal and sorted', () => {
    const restrictions = [
      restricted('hr', 'bob'),
      restricted('board', 'alice'),
      restricted('board/legal', 'bob'),
      restricted('hr/2026', 'alice'),
      restricted('archive/old', 'carol'),
      restricted('archive', 'carol'),
      restricted('hr', 'carol'),
    ];
    expect(hiddenFolderKeys(alice, restrictions, NOW)).toEqual({
      all: false,
      hidden: ['archive', 'board/legal', 'hr'],
    });
  });

  it('[ACL5] a principal with no access at all gets a flag, never a list', () => {
    expect(hiddenFolderKeys({ ...alice, role: null }, [], NOW)).toEqual({ all: true, reason: 'NO_ROLE' });
    const expired: Principal = { ...alice, token: { vaultId: 'v1', readOnly: true, expiresAt: NOW, revoked: false } };
    expect(hiddenFolderKeys(expired, [], NOW)).toEqual({ all: true, reason: 'TOKEN_EXPIRED' });
    expect(hiddenFolderKeys({ ...alice, role: 'viewer' }, [], NOW)).toEqual({ all: false, hidden: [] });
  });

  it('[ACL5] a hidden key hides the folder itself and everything inside, nothing beside it', () => {
    expect(isHiddenPathKey('hr', ['hr'])).toBe(true);
    expect(isHiddenPathKey('hr/a/b.md', ['hr'])).toBe(true);
    expect(isHiddenPathKey('hr-old/b.md', ['hr'])).toBe(false);
    expect(isHiddenPathKey('hr.md', ['hr'])).toBe(false);
    expect(isHiddenPathKey('x.md', [])).toBe(false);
  });

  it('[ACL5] LIKE patterns escape %, _ and \\ with \\', () => {
    expect(likePrefixPatternOf('hr')).toBe('hr/%');
    expect(likePrefixPatternOf('plans_2026')).toBe('plans\\_2026/%');
    expect(likePrefixPatternOf('50% off')).toBe('50\\% off/%');
    expect(likePrefixPatternOf('a\\b')).toBe('a\\\\b/%');
  });
});
