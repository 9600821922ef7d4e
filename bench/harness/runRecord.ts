// A run as JSON: when and where it ran (date, commit, Node, CPUs, flags) and what it measured. Written after
// every run, read back by `--compare`; a file read back goes through the schema, so a stored run that is not
// one is refused with what is wrong, not compared half-way.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { type RunMeasurement, UNITS } from './measurement';

const measurementSchema = z.object({
  bench: z.string(),
  name: z.string(),
  unit: z.enum(UNITS),
  // JSON has no NaN: a measurement that was not measured (NaN, its note says why) is stored as null.
  value: z
    .number()
    .nullable()
    .transform((value) => value ?? Number.NaN),
  samples: z.array(z.number()).optional(),
  baseline: z.object({ label: z.string(), value: z.number() }).optional(),
  target: z.string().optional(),
  note: z.string().optional(),
});

const runRecordSchema = z.object({
  date: z.string(),
  commit: z.string(),
  /** Whether the working tree had changes the commit does not hold. */
  dirty: z.boolean(),
  node: z.string(),
  cpus: z.number(),
  cpuModel: z.string(),
  loadAverage: z.array(z.number()),
  flags: z.array(z.string()),
  benches: z.array(z.string()),
  /** Benches that threw, with their error: the record holds what the others measured. */
  failed: z.array(z.object({ bench: z.string(), error: z.string() })),
  measurements: z.array(measurementSchema),
});

/** One stored run. */
export type RunRecord = Omit<z.output<typeof runRecordSchema>, 'measurements'> & { measurements: RunMeasurement[] };

/** Where and how this run ran: everything a record holds but its benches, failures and measurements. */
export function runMetadata(
  root: string,
  flags: readonly string[],
): Omit<RunRecord, 'benches' | 'failed' | 'measurements'> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  return {
    date: new Date().toISOString(),
    commit: git('rev-parse', 'HEAD'),
    dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverage: loadavg(),
    flags: [...flags],
  };
}

/** Where a run is written when `--json` names no file: bench/results/ (ignored by git), named by its date. */
export function defaultRecordPath(root: string, date: string): string {
  return join(root, 'bench', 'results', `${date.replaceAll(':', '-')}.json`);
}

/** Writes the record as JSON, making its folder if needed. */
export function writeRunRecord(path: string, record: RunRecord): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
}

/** A stored record from its JSON text; throws, naming the file and what is wrong, when it is not one. */
export function parseRunRecord(text: string, path: string): RunRecord {
  const parsed = runRecordSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path} is not a bench run: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The record stored at `path`. */
export function readRunRecord(path: string): RunRecord {
  return parseRunRecord(readFileSync(path, 'utf8'), path);
}
