import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Relay } from '../src/server/startRelay';
import { readBody } from './apiBody';
import { pgliteBackend } from './backends';
import { startTestRelay } from './relays';

const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'main.ts');
const TSX = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx');

/** Runs the CLI as a person would, against the test relay. */
function runCli(relay: Relay, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [CLI, '--relay', relay.httpUrl, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the baalda CLI', () => {
  let relay: Relay;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
  });

  const tree = async () => readBody(await fetch(`${relay.httpUrl}/api/vaults/default/tree`));

  it('[PATH*] a bad path is refused before anything is sent, naming the rule, with exit code 2', async () => {
    const before = await tree();
    const result = await runCli(relay, 'new', 'Plans/bad|name.md');
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^PATH5: /);
    expect(await tree()).toEqual(before);
  });

  it('[CN1, CN4, TR1, TR2] new, mv, rm and restore work through the relay; a taken target is refused', async () => {
    expect((await runCli(relay, 'new', 'Ideas.md')).stdout).toBe('created Ideas.md\n');
    const second = (await runCli(relay, 'new', 'ideas.md')).stdout;
    const conflictName = /^created (ideas \(conflict \d{4}-\d{2}-\d{2}\)\.md) \(renamed: ideas\.md exists\)/.exec(
      second,
    )?.[1];
    expect(conflictName, second).toBeDefined();
    const taken = await runCli(relay, 'mv', 'Ideas.md', (conflictName ?? '').toUpperCase());
    expect(taken).toMatchObject({ code: 1, stderr: expect.stringMatching(/^PATH_TAKEN: /) });
    expect((await runCli(relay, 'mv', 'Ideas.md', 'Archive/Old ideas.md')).stdout).toBe(
      'moved to Archive/Old ideas.md\n',
    );
    expect((await runCli(relay, 'rm', 'Archive/Old ideas.md')).code).toBe(0);
    expect((await tree()).notes?.map((note) => note.path)).not.toContain('Archive/Old ideas.md');
    expect((await runCli(relay, 'restore', 'archive/old IDEAS.md')).stdout).toBe('restored Archive/Old ideas.md\n');
    expect((await runCli(relay, 'tree')).stdout).toContain('Archive/Old ideas.md');
  });

  it('[IDX5] reindex rebuilds through the relay and reports what it did; an unknown embedder is refused', async () => {
    const result = await runCli(relay, 'reindex');
    expect(result).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^reindexed \d+ notes with hashed-bow-256-v1 in [\d.]+ s/),
    });
    const unknown = await runCli(relay, 'reindex', '--embedder', 'word2vec');
    expect(unknown).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('embedder must be one of: hashed-bow-256-v1'),
    });
    expect(await runCli(relay, 'tree', '--embedder', 'x')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--embedder goes with reindex only'),
    });
  });

  it('unknown commands and a wrong number of arguments print the usage with exit code 2', async () => {
    expect(await runCli(relay, 'frobnicate')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command "frobnicate"'),
    });
    expect(await runCli(relay, 'mv', 'only-one')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('"mv" takes 2 argument(s)'),
    });
  });
});
