import { describe, expect, it } from 'vitest';
import { withBaselines } from './measurement';
import { formatValue, measurementTable } from './measurementTable';
import { tableLines } from './textTable';

describe('the reporter’s table (BEN15)', () => {
  it('[BEN15] formats each unit once for every bench, about three significant digits', () => {
    expect(formatValue(1234.4, 'ms')).toBe('1234 ms');
    expect(formatValue(12.34, 'ms')).toBe('12.3 ms');
    expect(formatValue(1.234, 's')).toBe('1.23 s');
    expect(formatValue(0.7304, 'score')).toBe('0.730');
    expect(formatValue(81.25, '%')).toBe('81.3%');
    expect(formatValue(3, 'count')).toBe('3');
    expect(formatValue(Number.NaN, 'MiB')).toBe('not measured');
  });

  it('[BEN15] shows a baseline with the ratio to it, a target, the samples and a note, leaving out empty columns', () => {
    const { header, rows } = measurementTable([
      {
        bench: 'fanout',
        name: 'p95',
        unit: 'ms',
        value: 30,
        baseline: { label: 'bare', value: 20 },
        samples: [30, 28, 35],
      },
      { bench: 'fanout', name: 'dropped', unit: 'count', value: 0, note: 'of 300' },
    ]);
    expect(header).toEqual(['bench', 'measure', 'value', 'baseline (same run)', 'note']);
    expect(tableLines(header, rows).slice(2)).toEqual([
      '| fanout | p95     | 30.0 ms | bare 20.0 ms (1.50×) | of 30.0, 28.0, 35.0 |',
      '| fanout | dropped | 0       |                      | of 300              |',
    ]);
  });

  it('[BEN15] counts the samples instead of listing them when there are many', () => {
    const samples = Array.from({ length: 13 }, (_, index) => index + 1);
    const { rows } = measurementTable([{ bench: 'b', name: 'n', unit: 'ms', value: 7, samples }]);
    expect(rows[0]?.at(-1)).toBe('of 13 samples');
  });

  it('[BEN15] pairs each measurement with the baseline’s of the same name; one with no counterpart stays as it is', () => {
    const ours = [
      { name: 'heap per note', unit: 'KiB' as const, value: 30 },
      { name: 'only ours', unit: 'count' as const, value: 1 },
    ];
    const bare = [{ name: 'heap per note', unit: 'KiB' as const, value: 20 }];
    expect(withBaselines(ours, bare, 'bare Hocuspocus')).toEqual([
      { name: 'heap per note', unit: 'KiB', value: 30, baseline: { label: 'bare Hocuspocus', value: 20 } },
      { name: 'only ours', unit: 'count', value: 1 },
    ]);
  });
});
