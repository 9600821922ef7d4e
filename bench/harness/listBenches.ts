// `npm run bench -- --list`: every bench, whether the default run runs it, and its flags.
import type { Bench, BenchFlag } from './benchDefinition';
import { HARNESS_FLAGS } from './benchFlags';

/** The listing as lines. */
export function benchListing(benches: readonly Bench[]): string[] {
  return [
    'npm run bench -- [--only a,b] [--skip c] [--json FILE] [--compare OLD.json [--against NEW.json]] [flags]',
    ...flagLines(HARNESS_FLAGS),
    '',
    ...benches.flatMap((bench) => [
      `${bench.name}${bench.inDefaultRun ? '' : ' (only when named)'}: ${bench.description}`,
      ...flagLines(bench.flags),
    ]),
  ];
}

function flagLines(flags: Readonly<Record<string, BenchFlag>>): string[] {
  return Object.entries(flags).map(([name, flag]) => {
    const value = flag.type === 'string' ? ` ${flag.default ?? 'VALUE'}` : '';
    return `  --${name}${value}  ${flag.description}`;
  });
}
