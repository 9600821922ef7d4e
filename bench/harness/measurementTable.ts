// The reporter's table: a run's measurements as rows, numbers formatted once here for every bench.
import type { RunMeasurement, Unit } from './measurement';

/** A number with three significant digits or so: 1234 → "1234", 12.34 → "12.3", 0.7304 → "0.730". */
export function formatNumber(value: number, unit?: Unit): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 'count') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  if (unit === 'score') return value.toFixed(3);
  const size = Math.abs(value);
  if (size >= 100 || value === 0) return value.toFixed(0);
  return value.toFixed(size >= 10 ? 1 : size >= 1 ? 2 : 3);
}

/** The value with its unit, as the table shows it. */
export function formatValue(value: number, unit: Unit): string {
  if (Number.isNaN(value)) return 'not measured';
  if (unit === 'count' || unit === 'score') return formatNumber(value, unit);
  if (unit === 'load') return formatNumber(value);
  if (unit === '%') return `${formatNumber(value)}%`;
  return `${formatNumber(value)} ${unit}`;
}

/** "a / b", formatted, or "" when a ratio means nothing (b is 0). */
export function formatRatio(value: number, of: number): string {
  return of === 0 ? '' : `${(value / of).toFixed(2)}×`;
}

/** More samples than this are counted, not listed: the table is for reading. */
const SAMPLES_SHOWN = 12;

const HEADER = ['bench', 'measure', 'value', 'baseline (same run)', 'target', 'note'] as const;

/** The header and rows of the run's table; a column no measurement fills is left out. */
export function measurementTable(measurements: readonly RunMeasurement[]): {
  header: string[];
  rows: string[][];
} {
  const rows = measurements.map((measurement) => [
    measurement.bench,
    measurement.name,
    formatValue(measurement.value, measurement.unit),
    baselineCell(measurement),
    measurement.target ?? '',
    noteCell(measurement),
  ]);
  const filled = HEADER.map((_, column) => rows.some((row) => row[column] !== ''));
  const keep = <T>(cells: readonly T[]) => cells.filter((_, column) => filled[column]);
  return { header: keep(HEADER), rows: rows.map(keep) };
}

function baselineCell({ baseline, value, unit }: RunMeasurement): string {
  if (!baseline) return '';
  const ratio = formatRatio(value, baseline.value);
  return `${baseline.label} ${formatValue(baseline.value, unit)}${ratio ? ` (${ratio})` : ''}`;
}

function noteCell({ samples, note }: RunMeasurement): string {
  const spread = !samples
    ? ''
    : samples.length <= SAMPLES_SHOWN
      ? `of ${samples.map((sample) => formatNumber(sample)).join(', ')}`
      : `of ${samples.length} samples`;
  return [spread, note].filter(Boolean).join('; ');
}
