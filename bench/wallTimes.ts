// The wall times of the whole check: `npm test` here, and `.ci/run` in a fresh clone of HEAD.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { defineBench } from './harness/benchDefinition';

const root = join(import.meta.dirname, '..');
const CI_CLONE = '/tmp/baalda-bench-ci';

function secondsOf(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  execFileSync(command, args, { cwd, stdio: 'inherit' });
  return (performance.now() - started) / 1000;
}

/** `npm-test`: how long `npm test` takes. */
export const npmTestBench = defineBench({
  name: 'npm-test',
  description: 'wall time of `npm test`',
  flags: {},
  inDefaultRun: false,
  run: async () => [{ name: '`npm test` wall time', unit: 's', value: secondsOf('npm', ['test'], root) }],
});

/** `ci`: how long CI's script takes on a fresh clone. */
export const ciBench = defineBench({
  name: 'ci',
  description: 'wall time of `bash .ci/run` in a fresh clone of HEAD under /tmp',
  flags: {},
  inDefaultRun: false,
  run: async () => {
    execFileSync('bash', ['-c', `rm -rf ${CI_CLONE} && git clone -q . ${CI_CLONE}`], { cwd: root });
    return [{ name: '`.ci/run` wall time (fresh clone)', unit: 's', value: secondsOf('bash', ['.ci/run'], CI_CLONE) }];
  },
});
