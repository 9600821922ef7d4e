// One command line for every bench: the harness's own flags and every bench's, parsed once by parseArgs.
import type { ParseArgsConfig } from 'node:util';
import type { Bench, BenchFlag, BenchOptions } from './benchDefinition';

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

/** The harness's own flags: which benches, where the JSON goes, what to compare with. */
export const HARNESS_FLAGS: Readonly<Record<string, BenchFlag>> = {
  only: { type: 'string', description: 'the benches to run, comma-separated (`default`: the default set)' },
  skip: { type: 'string', description: 'benches to leave out of the selection, comma-separated' },
  list: { type: 'boolean', description: 'lists the benches and their flags, runs nothing' },
  json: { type: 'string', description: 'where the run is written (default bench/results/<time>.json)' },
  compare: { type: 'string', description: 'a stored run (JSON) to compare this run with' },
  against: { type: 'string', description: 'with --compare: a second stored run, compared instead of running' },
};

/**
 * BEN13: the parseArgs options of the harness and of every bench. A flag two benches declare is one flag:
 * given once it goes to both (each keeps its own default), so they must agree on its type.
 */
export function parseOptionsOf(benches: readonly Bench[]): ParseOptions {
  const declared = new Map<string, { owner: string; flag: BenchFlag }>();
  const declare = (owner: string, flags: Readonly<Record<string, BenchFlag>>) => {
    for (const [name, flag] of Object.entries(flags)) {
      const earlier = declared.get(name);
      if (earlier && earlier.flag.type !== flag.type)
        throw new Error(
          `--${name} is a ${earlier.flag.type} flag of ${earlier.owner} and a ${flag.type} flag of ${owner}`,
        );
      declared.set(name, earlier ?? { owner, flag });
    }
  };
  declare('the harness', HARNESS_FLAGS);
  for (const bench of benches) declare(`bench ${bench.name}`, bench.flags);
  return Object.fromEntries([...declared].map(([name, { flag }]) => [name, { type: flag.type }]));
}

/** The options one bench runs with: its flags as given, else their defaults (a boolean not given is false). */
export function optionsFor(bench: Bench, values: Readonly<Record<string, unknown>>): BenchOptions {
  return Object.fromEntries(
    Object.entries(bench.flags).map(([name, flag]) => {
      const given = values[name];
      if (flag.type === 'boolean') return [name, given === true];
      return [name, typeof given === 'string' ? given : flag.default];
    }),
  );
}
