import { diffLines } from '@baalda/markdown';
import { describe, expect, it } from 'vitest';
import { describeFold, hasChanges, toDiffRows } from './diffRows';

const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `line ${from + index}`);
const text = (...parts: string[][]) => parts.flat().join('\n');

describe('the history’s diff, laid out for reading', () => {
  it('[VD1] keeps three unchanged lines around a change and folds the rest', () => {
    const before = text(lines(1, 20));
    const after = text(lines(1, 10), ['line 11 edited'], lines(12, 20));
    expect(toDiffRows(diffLines(before, after))).toEqual([
      { kind: 'folded', key: 'fold-0', lines: lines(1, 7) },
      { kind: 'same', lines: lines(8, 10) },
      { kind: 'removed', lines: ['line 11'] },
      { kind: 'added', lines: ['line 11 edited'] },
      { kind: 'same', lines: lines(12, 14) },
      { kind: 'folded', key: 'fold-3', lines: lines(15, 20) },
    ]);
  });

  it('[VD1] folds the middle of a long unchanged run between two changes, keeping context on both sides', () => {
    const before = text(['a'], lines(1, 10), ['b']);
    const after = text(['A'], lines(1, 10), ['B']);
    const rows = toDiffRows(diffLines(before, after));
    expect(rows.map((row) => [row.kind, row.lines.length])).toEqual([
      ['removed', 1],
      ['added', 1],
      ['same', 3],
      ['folded', 4],
      ['same', 3],
      ['removed', 1],
      ['added', 1],
    ]);
  });

  it('never folds a single line: it would take as much room as showing it', () => {
    const before = text(['a'], lines(1, 7), ['b']);
    const after = text(['A'], lines(1, 7), ['B']);
    const rows = toDiffRows(diffLines(before, after));
    expect(rows[2]).toEqual({ kind: 'same', lines: lines(1, 7) });
    expect(toDiffRows(diffLines(text(lines(1, 4), ['x']), text(lines(1, 4), ['y'])))[0]).toEqual({
      kind: 'same',
      lines: lines(1, 4),
    });
  });

  it('keeps blank lines as lines', () => {
    expect(toDiffRows(diffLines('Title\n\nBody', 'Title\n\nBody changed'))).toEqual([
      { kind: 'same', lines: ['Title', ''] },
      { kind: 'removed', lines: ['Body'] },
      { kind: 'added', lines: ['Body changed'] },
    ]);
  });

  it('[VD1] an identical text has no changes and folds whole', () => {
    const hunks = diffLines(text(lines(1, 5)), text(lines(1, 5)));
    expect(hasChanges(hunks)).toBe(false);
    expect(toDiffRows(hunks)).toEqual([{ kind: 'folded', key: 'fold-0', lines: lines(1, 5) }]);
    expect(hasChanges(diffLines('a', ''))).toBe(true);
  });

  it('counts folded lines in words', () => {
    expect(describeFold(1)).toBe('1 unchanged line');
    expect(describeFold(12)).toBe('12 unchanged lines');
  });
});
