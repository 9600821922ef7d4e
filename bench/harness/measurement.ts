// What a bench returns: numbers with units, never formatted strings, so a run can be stored as JSON and
// compared with another (compareRuns.ts). Formatting is the reporter's (measurementTable.ts).

/** The units the benches measure in. A share is stored in percent (0–100), a score as the fraction it is. */
export const UNITS = [
  'ms',
  's',
  'B',
  'KiB',
  'MiB',
  'MiB/s',
  'MiB per 10 min',
  'notes/s',
  '%',
  'count',
  'score',
  'load',
] as const;

/** One of UNITS. */
export type Unit = (typeof UNITS)[number];

/** The same measurement of something else, taken in the same run: bare Hocuspocus, words alone, an older build. */
export interface Baseline {
  readonly label: string;
  readonly value: number;
}

/** One number a bench measured. Within a bench its name is unique: runs are compared by bench and name. */
export interface Measurement {
  readonly name: string;
  readonly unit: Unit;
  readonly value: number;
  /** The values `value` summarises when they are few (each round's p95), so a reader sees the spread. */
  readonly samples?: readonly number[];
  readonly baseline?: Baseline;
  /** What the value should be, as the rule or issue that asked for it says (`≤ 30 ms`). */
  readonly target?: string;
  /** Context the number needs to be read right: the load average, how many notes still waited. */
  readonly note?: string;
}

/** A measurement as a run holds it: tagged with the bench that took it. */
export interface RunMeasurement extends Measurement {
  readonly bench: string;
}

/** Bytes as MiB, the unit memory rows are read in. */
export const mebibytes = (bytes: number): number => bytes / 2 ** 20;

/** Bytes as KiB. */
export const kibibytes = (bytes: number): number => bytes / 1024;

/**
 * `ours` with each measurement of the same name in `baseline` attached as its baseline (labelled `label`);
 * measurements the baseline has no counterpart for stay as they are.
 */
export function withBaselines(
  ours: readonly Measurement[],
  baseline: readonly Measurement[],
  label: string,
): Measurement[] {
  const byName = new Map(baseline.map((measurement) => [measurement.name, measurement.value]));
  return ours.map((measurement) => {
    const value = byName.get(measurement.name);
    return value === undefined ? measurement : { ...measurement, baseline: { label, value } };
  });
}
