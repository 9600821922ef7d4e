import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiffHunk, diffLines } from './diffLines';

function sideOf(hunks: readonly DiffHunk[], side: 'before' | 'after'): string {
  const skipped = side === 'before' ? 'added' : 'removed';
  return hunks
    .filter((hunk) => hunk.kind !== skipped)
    .map((hunk) => hunk.text)
    .join('\n');
}

function changedLines(hunks: readonly DiffHunk[]): number {
  return hunks.filter((hunk) => hunk.kind !== 'same').reduce((sum, hunk) => sum + hunk.text.split('\n').length, 0);
}

// The longest common subsequence of two line lists (quadratic; tests only): a shortest diff changes
// exactly the lines outside it.
function commonLines(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const line of a) {
    const row = [0];
    for (let j = 1; j <= b.length; j++) {
      row[j] = line === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, row[j - 1] ?? 0);
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

function linesOf(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

// Lines from a small alphabet so that texts share lines often; '' makes blank lines and trailing newlines.
const text = fc
  .array(fc.constantFrom('alpha', 'beta', 'gamma', '', 'delta 😀'), { maxLength: 30 })
  .map((lines) => lines.join('\n'));

describe('line diff', () => {
  it('[VD1] a changed line shows as removed then added between unchanged lines', () => {
    expect(diffLines('title\nold line\nend', 'title\nnew line\nend')).toEqual([
      { kind: 'same', text: 'title' },
      { kind: 'removed', text: 'old line' },
      { kind: 'added', text: 'new line' },
      { kind: 'same', text: 'end' },
    ]);
  });

  it('[VD1] consecutive lines of one kind are one hunk', () => {
    expect(diffLines('a\nb\nc\nd', 'a\nx\ny\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b\nc' },
      { kind: 'added', text: 'x\ny' },
      { kind: 'same', text: 'd' },
    ]);
  });

  it('[VD1] insertions and deletions find the shortest edit', () => {
    expect(diffLines('a\nb\nc\na\nb\nb\na', 'c\nb\na\nb\na\nc')).toSatisfy(
      (hunks: DiffHunk[]) => changedLines(hunks) === 5,
    );
    expect(diffLines('one\nthree', 'one\ntwo\nthree')).toEqual([
      { kind: 'same', text: 'one' },
      { kind: 'added', text: 'two' },
      { kind: 'same', text: 'three' },
    ]);
  });

  it('[VD1] identical texts are one same hunk, and two empty texts no hunk', () => {
    expect(diffLines('a\n\nb\n', 'a\n\nb\n')).toEqual([{ kind: 'same', text: 'a\n\nb\n' }]);
    expect(diffLines('', '')).toEqual([]);
  });

  it('[VD1] a trailing newline is a line of its own', () => {
    expect(diffLines('a', 'a\n')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'added', text: '' },
    ]);
    expect(diffLines('', 'x')).toEqual([{ kind: 'added', text: 'x' }]);
  });

  it('[VD1] past the line limit the differing lines are one removed and one added hunk', () => {
    const limits = { maxLines: 4, maxEdits: 1_000 };
    expect(diffLines('top\na\nb\nc\nbottom', 'top\na\nx\nc\nbottom', limits)).toHaveLength(4);
    expect(diffLines('top\na\nb\nc\nbottom', 'top\nc\nb\na\nbottom', limits)).toEqual([
      { kind: 'same', text: 'top' },
      { kind: 'removed', text: 'a\nb\nc' },
      { kind: 'added', text: 'c\nb\na' },
      { kind: 'same', text: 'bottom' },
    ]);
  });

  it('[VD1] past the edit limit the differing lines are one removed and one added hunk', () => {
    expect(diffLines('a\nb\nc', 'b\nc\nd', { maxLines: 100, maxEdits: 1 })).toEqual([
      { kind: 'removed', text: 'a\nb\nc' },
      { kind: 'added', text: 'b\nc\nd' },
    ]);
    expect(diffLines('a\nb\nc', 'b\nc\nd', { maxLines: 100, maxEdits: 2 })).toEqual([
      { kind: 'removed', text: 'a' },
      { kind: 'same', text: 'b\nc' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('[VD1] same + added gives after, same + removed gives before, and kinds alternate as they should', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const hunks = diffLines(before, after);
        expect(sideOf(hunks, 'after')).toBe(after);
        expect(sideOf(hunks, 'before')).toBe(before);
        for (const [index, hunk] of hunks.entries()) {
          const next = hunks[index + 1];
          if (next)
            expect(`${hunk.kind}>${next.kind}`).not.toMatch(/^(same>same|removed>removed|added>added|added>removed)$/);
        }
      }),
    );
  });

  it('[VD1] the diff is a shortest one: it changes only lines outside a longest common subsequence', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const a = linesOf(before);
        const b = linesOf(after);
        expect(changedLines(diffLines(before, after))).toBe(a.length + b.length - 2 * commonLines(a, b));
      }),
    );
  });

  it('[VD1] the fallback also reproduces both texts', () => {
    fc.assert(
      fc.property(text, text, fc.nat(3), (before, after, maxEdits) => {
        const hunks = diffLines(before, after, { maxLines: 20, maxEdits });
        expect(sideOf(hunks, 'after')).toBe(after);
        expect(sideOf(hunks, 'before')).toBe(before);
      }),
    );
  });

  it('[VD1] the diff of a text with itself is one same hunk', () => {
    fc.assert(
      fc.property(text, (same) => {
        expect(diffLines(same, same)).toEqual(same === '' ? [] : [{ kind: 'same', text: same }]);
      }),
    );
  });

  it('[VD1] a 10,000-line note with a few changes diffs quickly and exactly', () => {
    const lines = Array.from({ length: 10_000 }, (_, index) => `line ${index}`);
    const changed = [...lines];
    changed[100] = 'edited';
    changed.splice(5_000, 1);
    changed.push('appended');
    const hunks = diffLines(lines.join('\n'), changed.join('\n'));
    expect(changedLines(hunks)).toBe(4);
    expect(sideOf(hunks, 'after')).toBe(changed.join('\n'));
  });
});
