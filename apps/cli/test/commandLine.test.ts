import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { COMMANDS, GROUPS, subcommandsOf } from '../src/commands';
import { USAGE } from '../src/usage';

const CLI = inject('cliBundle');
const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
};
// No relay listens on the discard port: a command line that reached out would fail, not pass by luck.
const { BAALDA_TOKEN, ...quietEnv } = process.env;
const env = { ...quietEnv, BAALDA_RELAY_URL: 'http://127.0.0.1:9' };

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the command line', () => {
  it.each(Object.keys(COMMANDS))('[CLI2] `%s --help` prints its usage on stdout and exits 0', async (name) => {
    const run = await runCli(...name.split(' '), '--help');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(COMMANDS[name]?.usage);
    expect(run.stdout).toContain('exit codes: 0 done');
  });

  it('[CLI2] `mirror --help` prints the mirror’s usage (it once exited 2 with no output)', async () => {
    const run = await runCli('mirror', '--help');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^usage: npm run baalda -- \[--relay URL\] mirror/);
    expect(run.stdout).toContain('mirror <dir> [--interval MS]');
  });

  it('[CLI2] -h, `help <command>` and --help before the command say the same; options given with it are ignored', async () => {
    const expected = await runCli('token', 'create', '--help');
    for (const args of [
      ['token', 'create', '-h'],
      ['help', 'token', 'create'],
      ['--help', 'token', 'create'],
      ['token', 'create', '--user', 'not-an-email', '--frobnicate', '--help'],
    ]) {
      expect(await runCli(...args), args.join(' ')).toEqual(expected);
    }
  });

  it('[CLI2] --help alone prints every command’s usage; a group’s first word prints all of its commands', async () => {
    const all = await runCli('--help');
    expect(all).toMatchObject({ code: 0, stdout: `${USAGE}\n`, stderr: '' });
    for (const command of Object.values(COMMANDS)) expect(all.stdout).toContain(command.usage);
    for (const group of GROUPS) {
      const run = await runCli(group, '--help');
      expect(run.code, group).toBe(0);
      for (const subcommand of subcommandsOf(group))
        expect(run.stdout).toContain(COMMANDS[`${group} ${subcommand}`]?.usage);
    }
  });

  it('[CLI2][CLI4] --version prints the version of apps/cli/package.json and exits 0', async () => {
    expect(await runCli('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(await runCli('mirror', '--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('[CLI1, CLI3] an unknown flag exits 2 naming it, with the usage on stderr and nothing on stdout', async () => {
    const run = await runCli('mirror', 'notes', '--frobnicate');
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^Unknown option "--frobnicate"\.\n\nusage: /);
  });

  it('[CLI1, CLI3] a flag given twice, a switch given a value, a flag without one: exit 2, one line each', async () => {
    const cases: Array<[string[], string]> = [
      [['tree', '--vault', 'a', '--vault', 'b'], '--vault is given twice.'],
      [['token', 'create', '--read-only=yes'], '--read-only takes no value.'],
      [['tree', '--token', '--vault', 'team-notes'], '--token needs a value.'],
      [['tree', '--interval', '100'], '"tree" does not take --interval; it goes with: mirror.'],
      [['tree', '--relay', 'ftp://relay'], '--relay must be an http(s) URL, got "ftp://relay".'],
    ];
    for (const [args, message] of cases) {
      expect(await runCli(...args), args.join(' ')).toEqual({ code: 2, stdout: '', stderr: `${message}\n` });
    }
  });

  it('[CLI1] a missing argument exits 2 with the command’s usage on stderr', async () => {
    const run = await runCli('restore');
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(`"restore" takes 1 argument(s).\n\n${(await runCli('restore', '--help')).stdout}`);
  });
});
