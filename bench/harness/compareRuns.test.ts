import { describe, expect, it } from 'vitest';
import { compareRuns, comparisonLines } from './compareRuns';
import type { RunMeasurement } from './measurement';
import { tableLines } from './textTable';

const ms = (bench: string, name: string, value: number): RunMeasurement => ({ bench, name, unit: 'ms', value });

describe('compareRuns (BEN12)', () => {
  it('[BEN12] pairs measurements by bench and name, with new / old, in the new run’s order', () => {
    const older = [ms('fanout', 'p95', 20), ms('fanout', 'p50', 10), ms('mcp-edits', 'p50', 4)];
    const newer = [ms('fanout', 'p50', 12), ms('fanout', 'p95', 18)];
    const { both } = compareRuns(older, newer);
    expect(both.map(({ name, old, new: now, ratio }) => [name, old.value, now.value, ratio])).toEqual([
      ['p50', 10, 12, 1.2],
      ['p95', 20, 18, 0.9],
    ]);
  });

  it('[BEN12] the same name in two benches is two measurements', () => {
    const { both, onlyOld, onlyNew } = compareRuns([ms('fanout', 'p50', 10)], [ms('semantic', 'p50', 10)]);
    expect(both).toEqual([]);
    expect(onlyOld.map(({ bench }) => bench)).toEqual(['fanout']);
    expect(onlyNew.map(({ bench }) => bench)).toEqual(['semantic']);
  });

  it('[BEN12] lists what only one run measured, and gives no ratio across units or for what was not measured', () => {
    const older = [ms('a', 'gone', 1), ms('a', 'unit', 5), ms('a', 'skipped', Number.NaN)];
    const newer = [{ ...ms('a', 'unit', 5), unit: 's' as const }, ms('a', 'skipped', 3), ms('a', 'fresh', 2)];
    const comparison = compareRuns(older, newer);
    expect(comparison.both.map(({ ratio }) => ratio)).toEqual([Number.NaN, Number.NaN]);
    const lines = comparisonLines(comparison, tableLines);
    expect(lines.join('\n')).toContain('units differ (ms, s)');
    expect(lines.join('\n')).toContain('| a     | skipped | not measured | 3.00 ms | —');
    expect(lines.slice(-4)).toEqual(['Only in the old run:', '  a: gone', 'Only in the new run:', '  a: fresh']);
  });

  it('[BEN12] prints old, new and their ratio for each pair', () => {
    const lines = comparisonLines(compareRuns([ms('fanout', 'p95', 20)], [ms('fanout', 'p95', 25)]), tableLines);
    expect(lines).toEqual([
      '| bench  | measure | old     | new     | new / old |',
      '| ------ | ------- | ------- | ------- | --------- |',
      '| fanout | p95     | 20.0 ms | 25.0 ms | 1.25×     |',
    ]);
  });
});
