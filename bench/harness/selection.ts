// Which benches a run runs: `--only a,b` (in the registry's order; `default` names the default set) less
// `--skip c,d`. An unknown name is refused before anything runs: a typo must not cost a twenty-minute run.
import type { Bench } from './benchDefinition';

/** The name in `--only` that stands for every bench of the default run. */
export const DEFAULT_SET = 'default';

/** The benches `only` and `skip` (comma-separated names, either absent) pick, in the registry's order. */
export function selectBenches(benches: readonly Bench[], only?: string, skip?: string): Bench[] {
  const known = new Set(benches.map((bench) => bench.name));
  const namesIn = (list: string | undefined, flag: string) => {
    const names = list ? list.split(',').map((name) => name.trim()) : [];
    const unknown = names.filter((name) => !known.has(name) && !(flag === 'only' && name === DEFAULT_SET));
    if (unknown.length > 0)
      throw new Error(`--${flag}: no bench named ${unknown.join(', ')} (npm run bench -- --list names them)`);
    return new Set(names);
  };
  const chosen = namesIn(only, 'only');
  const skipped = namesIn(skip, 'skip');
  const isChosen = (bench: Bench) =>
    chosen.size === 0 || chosen.has(bench.name) || (chosen.has(DEFAULT_SET) && bench.inDefaultRun);
  const isDefault = (bench: Bench) => chosen.size > 0 || bench.inDefaultRun;
  return benches.filter((bench) => isChosen(bench) && isDefault(bench) && !skipped.has(bench.name));
}
