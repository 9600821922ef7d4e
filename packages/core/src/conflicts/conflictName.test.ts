import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits';
import { pathKey, utf8Length, validateNotePath } from '../paths/notePath';
import { conflictPath, isConflictPath, utcDateOf } from './conflictName';

const created = Date.UTC(2026, 10, 30, 23, 59);

describe('conflict names', () => {
  it('[CN2] the renamed note is "<name> (conflict YYYY-MM-DD).md" in the same folder', () => {
    expect(conflictPath('Ideas.md', created, () => false)).toBe('Ideas (conflict 2026-11-30).md');
    expect(conflictPath('Team/Plans/Q1.md', created, () => false)).toBe('Team/Plans/Q1 (conflict 2026-11-30).md');
  });

  it('[CN2] the date is the UTC date of the renamed note’s creation, not local time', () => {
    expect(utcDateOf(Date.UTC(2026, 0, 1, 0, 30))).toBe('2026-01-01');
    expect(conflictPath('Ideas.md', Date.UTC(2025, 11, 31, 23, 59, 59), () => false)).toBe(
      'Ideas (conflict 2025-12-31).md',
    );
  });

  it('[CN3] taken conflict names get " 2", " 3", … compared by key', () => {
    const taken = new Set([pathKey('ideas (conflict 2026-11-30).md'), pathKey('IDEAS (CONFLICT 2026-11-30) 2.MD')]);
    expect(conflictPath('Ideas.md', created, (key) => taken.has(key))).toBe('Ideas (conflict 2026-11-30) 3.md');
  });

  it('[CN3] a name near the length limit is shortened so the conflict name is still a valid path', () => {
    const long = `${'é'.repeat(124)}.md`;
    expect(validateNotePath(long).ok).toBe(true);
    const renamed = conflictPath(long, created, () => false);
    expect(validateNotePath(renamed).ok).toBe(true);
    expect(utf8Length(renamed)).toBeLessThanOrEqual(LIMITS.maxPathSegmentBytes);
    expect(renamed.endsWith(' (conflict 2026-11-30).md')).toBe(true);
  });

  it('[CN2] conflict names are recognised for the tree marker', () => {
    expect(isConflictPath('a/Ideas (conflict 2026-11-30).md')).toBe(true);
    expect(isConflictPath('Ideas (conflict 2026-11-30) 12.md')).toBe(true);
    expect(isConflictPath('Ideas (conflicted).md')).toBe(false);
  });

  it('[CN2, PATH11] an attachment keeps its extension; names without one get none', () => {
    const day = Date.UTC(2026, 10, 30);
    expect(conflictPath('Scans/Receipt.pdf', day, () => false)).toBe('Scans/Receipt (conflict 2026-11-30).pdf');
    expect(conflictPath('LICENSE', day, () => false)).toBe('LICENSE (conflict 2026-11-30)');
    expect(isConflictPath('Scans/Receipt (conflict 2026-11-30) 2.pdf')).toBe(true);
    expect(isConflictPath('Receipt (conflict 2026-11-30).tar')).toBe(true);
    expect(isConflictPath('Receipt.pdf')).toBe(false);
  });
});
