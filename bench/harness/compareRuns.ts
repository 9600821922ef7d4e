// BEN12: a run beside a stored one. Measurements are paired by bench and name; each pair shows old, new and
// new / old. What only one run measured is listed apart, so a renamed or dropped measurement shows.
import type { RunMeasurement } from './measurement';
import { formatNumber, formatValue } from './measurementTable';

/** One measurement both runs took. */
export interface ComparedMeasurement {
  readonly bench: string;
  readonly name: string;
  readonly old: RunMeasurement;
  readonly new: RunMeasurement;
  /** new / old; NaN when either was not measured or old is 0. */
  readonly ratio: number;
}

/** Both runs' measurements, paired. */
export interface RunComparison {
  readonly both: readonly ComparedMeasurement[];
  readonly onlyOld: readonly RunMeasurement[];
  readonly onlyNew: readonly RunMeasurement[];
}

const keyOf = (measurement: RunMeasurement) => `${measurement.bench}\u0000${measurement.name}`;

/** Pairs `older` and `newer` by bench and name, in the newer run's order. */
export function compareRuns(older: readonly RunMeasurement[], newer: readonly RunMeasurement[]): RunComparison {
  const oldByKey = new Map(older.map((measurement) => [keyOf(measurement), measurement]));
  const newKeys = new Set(newer.map(keyOf));
  const both: ComparedMeasurement[] = [];
  const onlyNew: RunMeasurement[] = [];
  for (const measurement of newer) {
    const old = oldByKey.get(keyOf(measurement));
    if (!old) onlyNew.push(measurement);
    else
      both.push({
        bench: measurement.bench,
        name: measurement.name,
        old,
        new: measurement,
        ratio: ratioOf(old, measurement),
      });
  }
  const onlyOld = older.filter((measurement) => !newKeys.has(keyOf(measurement)));
  return { both, onlyOld, onlyNew };
}

function ratioOf(old: RunMeasurement, now: RunMeasurement): number {
  if (old.unit !== now.unit || old.value === 0) return Number.NaN;
  return now.value / old.value;
}

/** The comparison as lines: a table of the pairs, then what each run alone measured. */
export function comparisonLines(
  comparison: RunComparison,
  tableOf: (header: string[], rows: string[][]) => string[],
): string[] {
  const rows = comparison.both.map((pair) => [
    pair.bench,
    pair.name,
    formatValue(pair.old.value, pair.old.unit),
    formatValue(pair.new.value, pair.new.unit),
    Number.isNaN(pair.ratio) ? unpairedReason(pair) : `${formatNumber(pair.ratio)}×`,
  ]);
  const listed = (title: string, measurements: readonly RunMeasurement[]) =>
    measurements.length === 0 ? [] : [title, ...measurements.map((each) => `  ${each.bench}: ${each.name}`)];
  return [
    ...tableOf(['bench', 'measure', 'old', 'new', 'new / old'], rows),
    ...listed('Only in the old run:', comparison.onlyOld),
    ...listed('Only in the new run:', comparison.onlyNew),
  ];
}

function unpairedReason(pair: ComparedMeasurement): string {
  if (pair.old.unit !== pair.new.unit) return `units differ (${pair.old.unit}, ${pair.new.unit})`;
  return '—';
}
