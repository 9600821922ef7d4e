import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESTRUCTIVE_EDIT, isDestructiveEdit, measureEdit } from './destructiveEdit';

// The longest common subsequence in code points: what an edit truly kept at most (quadratic; tests only).
function longestCommonSubsequence(before: string, after: string): number {
  const a = Array.from(before);
  const b = Array.from(after);
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const char of a) {
    const row = [0];
    for (let j = 1; j <= b.length; j++) {
      row[j] = char === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, row[j - 1] ?? 0);
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

describe('destructive edits', () => {
  it('[VC2] the thresholds are 200 code points removed and under half kept', () => {
    expect(DESTRUCTIVE_EDIT).toEqual({ minRemoved: 200, keptShareBelow: 0.5 });
  });

  it('[VC2] kept is the common prefix plus the common suffix, never overlapping', () => {
    expect(measureEdit('abcdef', 'abXef')).toEqual({ beforeLength: 6, kept: 4, removed: 2 });
    expect(measureEdit('aaaa', 'aa')).toEqual({ beforeLength: 4, kept: 2, removed: 2 });
    expect(measureEdit('aa', 'aaaa')).toEqual({ beforeLength: 2, kept: 2, removed: 0 });
    expect(measureEdit('', 'new')).toEqual({ beforeLength: 0, kept: 0, removed: 0 });
  });

  it('[VC2] lengths are counted in code points, so an emoji counts once', () => {
    expect(measureEdit('😀'.repeat(300), '')).toEqual({ beforeLength: 300, kept: 0, removed: 300 });
    // 150 emoji are 300 UTF-16 units but only 150 code points: not enough removed.
    expect(isDestructiveEdit('😀'.repeat(150), '')).toBe(false);
    expect(isDestructiveEdit('😀'.repeat(200), '')).toBe(true);
  });

  it('[VC2] clearing a long note or replacing most of it is destructive', () => {
    expect(isDestructiveEdit('x'.repeat(300), '')).toBe(true);
    expect(isDestructiveEdit(`Title\n${'body '.repeat(100)}`, 'Title\nsomething else')).toBe(true);
  });

  it('[VC2] the boundaries: exactly 200 removed counts, exactly half kept does not', () => {
    // 399 code points, 199 kept (< 199.5), 200 removed: destructive.
    expect(isDestructiveEdit(`${'k'.repeat(199)}${'r'.repeat(200)}`, 'k'.repeat(199))).toBe(true);
    // 400 code points, 200 kept (= half), 200 removed: not destructive.
    expect(isDestructiveEdit(`${'k'.repeat(200)}${'r'.repeat(200)}`, 'k'.repeat(200))).toBe(false);
    // 398 code points, 199 removed: not destructive.
    expect(isDestructiveEdit(`${'k'.repeat(199)}${'r'.repeat(199)}`, 'k'.repeat(199))).toBe(false);
  });

  it('[VC2] a short note is never destructive however much is removed, nor is typing', () => {
    expect(isDestructiveEdit('x'.repeat(199), '')).toBe(false);
    expect(isDestructiveEdit('x'.repeat(1_000), `${'x'.repeat(1_000)} more`)).toBe(false);
    expect(isDestructiveEdit('', 'y'.repeat(1_000))).toBe(false);
  });

  it('[VC2] removal is never under-counted: kept never exceeds the longest common subsequence', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '😀', '\n'), maxLength: 40 });
    fc.assert(
      fc.property(text, text, (before, after) => {
        const measure = measureEdit(before, after);
        expect(measure.kept).toBeLessThanOrEqual(longestCommonSubsequence(before, after));
        expect(measure.kept).toBeLessThanOrEqual(Math.min(measure.beforeLength, Array.from(after).length));
        expect(measure.removed).toBe(measure.beforeLength - measure.kept);
      }),
    );
  });

  it('[VC2] an edit destructive by its true removal is always caught', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 190, maxLength: 420 });
    fc.assert(
      fc.property(text, fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 200 }), (before, after) => {
        const beforeLength = Array.from(before).length;
        const trulyKept = longestCommonSubsequence(before, after);
        const trulyDestructive =
          trulyKept < beforeLength * DESTRUCTIVE_EDIT.keptShareBelow &&
          beforeLength - trulyKept >= DESTRUCTIVE_EDIT.minRemoved;
        if (trulyDestructive) expect(isDestructiveEdit(before, after)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
