// What every bench declares to the harness (bench/run.ts): its name, a line saying what it measures, its
// flags and a `run` that returns measurements. The harness parses the command line once, with node:util's
// parseArgs, from the flags of every bench (benchFlags.ts).
import type { Measurement } from './measurement';

/** A command-line flag of a bench, as `--name value` (string) or `--name` (boolean). */
export interface BenchFlag {
  readonly type: 'string' | 'boolean';
  readonly description: string;
  /** What a string flag is when not given. */
  readonly default?: string;
}

type OptionOf<Flag extends BenchFlag> = Flag extends { type: 'boolean' }
  ? boolean
  : Flag extends { default: string }
    ? string
    : string | undefined;

/** The options a bench's `run` gets: each of its flags, defaults filled in. */
export type OptionsOf<Flags extends Readonly<Record<string, BenchFlag>>> = {
  readonly [Name in keyof Flags]: OptionOf<Flags[Name]>;
};

/** The options as the harness holds them, whatever the bench. */
export type BenchOptions = Readonly<Record<string, string | boolean | undefined>>;

/** A bench as the harness runs it. */
export interface Bench {
  readonly name: string;
  readonly description: string;
  readonly flags: Readonly<Record<string, BenchFlag>>;
  /** Whether `npm run bench` without `--only` runs it. */
  readonly inDefaultRun: boolean;
  /** Throws when the options ask for what the bench cannot run; called for every bench before any runs. */
  readonly check?: (options: BenchOptions) => void;
  readonly run: (options: BenchOptions) => Promise<Measurement[]>;
}

/** A bench whose `run` and `check` see their own flags typed. */
export interface BenchDefinition<Flags extends Readonly<Record<string, BenchFlag>>> {
  readonly name: string;
  readonly description: string;
  readonly flags: Flags;
  readonly inDefaultRun: boolean;
  readonly check?: (options: OptionsOf<Flags>) => void;
  readonly run: (options: OptionsOf<Flags>) => Promise<Measurement[]>;
}

/**
 * A bench for the harness. The harness builds each bench's options from its own flags (optionsFor), so the
 * options it passes have exactly the shape `Flags` describes.
 */
export function defineBench<const Flags extends Readonly<Record<string, BenchFlag>>>(
  definition: BenchDefinition<Flags>,
): Bench {
  const typed = (options: BenchOptions) => options as OptionsOf<Flags>;
  const { check } = definition;
  return {
    ...definition,
    check: check && ((options) => check(typed(options))),
    run: (options) => definition.run(typed(options)),
  };
}

/** A flag's value as a whole number ≥ 1; anything else is refused, naming the flag, before a long run starts. */
export function wholeNumber(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`--${flag} takes a whole number ≥ 1, not ${value}`);
  return number;
}

/** A flag's comma-separated value as a list of whole numbers ≥ 1. */
export function wholeNumbers(value: string, flag: string): number[] {
  return value.split(',').map((each) => wholeNumber(each, flag));
}

/** A flag's value as a number above 0 (minutes and seconds may be fractions); anything else is refused. */
export function positiveNumber(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${flag} takes a number above 0, not ${value}`);
  return number;
}
