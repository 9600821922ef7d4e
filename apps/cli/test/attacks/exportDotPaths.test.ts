import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  authedFetch,
  callTool,
  connectMcp,
  eventually,
  pgliteBackend,
  randomId,
  setStoredPath,
  startTestRelay,
  type TestRelay,
} from 'baalda-relay/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMirror } from '../../src/mirror/startMirror';
import { createRelayClient } from '../../src/relayClient';
import { runTransfer } from '../transferHarness';

const execFileAsync = promisify(execFile);

// What an editor planted before the relay refused names starting with "." (PATH12): each is uploaded under
// a harmless name, then renamed straight in the database, as a vault from before the rule holds it.
const PLANTED: Record<string, string> = {
  'dot-git/config': '.git/config',
  'Sub/dot-git/config': 'Sub/.git/config',
  gitattributes: '.gitattributes',
  'obsidian/plugins/x/main.js': '.obsidian/plugins/x/main.js',
  'baalda/state.json': '.baalda/state.json',
};
// Written the same way: a name PATH14 refuses today, which must still export (old data keeps reading).
const LEGACY_NOTE = 'Legacy/H\u200bR notes.md';

/** Every file and folder under `root`, as `/`-separated paths. */
async function listAll(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  return entries.map((entry) => entry.split('\\').join('/')).sort();
}

const hasDotName = (path: string) => path.split('/').some((name) => name.startsWith('.'));

describe('attack: a dot path an editor planted is never written by export or the mirror (PATH12, XFER11, MIR2)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let target: Awaited<ReturnType<typeof pgliteBackend.create>>['target'];
  let work: string;
  let marker: string;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    target = database.target;
    work = await mkdtemp(join(tmpdir(), 'baalda-attack-export-'));
    marker = join(work, 'fsmonitor-ran');
    // The stored bytes outlive the restart below only in a folder of the test's own.
    const relayOptions = { attachmentsDir: join(work, 'attachments') };
    relay = await startTestRelay(target, relayOptions);
    const planted = new Map<string, string>();
    for (const [harmless, path] of Object.entries(PLANTED)) {
      const docId = randomId();
      const body = path.endsWith('config') ? `[core]\n\tfsmonitor = "touch '${marker}'; false"\n` : 'planted';
      const query = new URLSearchParams({ path: harmless, createdAt: String(Date.now()) });
      const response = await authedFetch(relay, `/api/vaults/default/attachments/${docId}?${query}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      });
      if (response.status !== 201) throw new Error(`upload ${harmless}: ${response.status} ${await response.text()}`);
      planted.set(docId, path);
    }
    const mcp = await connectMcp(relay.httpUrl, relay.token);
    const readme = await callTool(mcp, 'create_note', { path: 'Readme.md', text: 'Hello' });
    const hidden = await callTool(mcp, 'create_note', { path: 'obsidian/Plan.md', text: 'Hidden plan' });
    const legacy = await callTool(mcp, 'create_note', { path: 'Legacy/HR notes.md', text: 'Old words' });
    await mcp.close();
    if (readme.isError || hidden.isError || legacy.isError) throw new Error('notes were not created');
    planted.set(String(hidden.structured?.docId), '.obsidian/Plan.md');
    planted.set(String(legacy.structured?.docId), LEGACY_NOTE);
    await relay.close();
    for (const [docId, path] of planted) await setStoredPath(target, docId, path);
    relay = await startTestRelay(target, relayOptions);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
    await rm(work, { recursive: true, force: true });
  });

  it('[PATH12, XFER11] `baalda export DIR` writes no dot path the relay holds, says so per file, and `git status` there runs nothing', async () => {
    const dir = join(work, 'export');
    const run = await runTransfer(relay, 'export', [dir]);
    const written = await listAll(dir);
    expect(written.filter(hasDotName)).toEqual(['.baalda-export.json', '.baalda-ids.json']);
    expect(written).toEqual(expect.arrayContaining(['Readme.md', LEGACY_NOTE]));
    for (const path of [...Object.values(PLANTED), '.obsidian/Plan.md']) {
      expect(
        run.stderr.some((line) => line.startsWith(`not exported ${path}: PATH12: `)),
        path,
      ).toBe(true);
    }
    expect(run.code).toBe(1);
    // What the owner does next with an export: before PATH12 this ran the planted command.
    const git = (...args: string[]) =>
      execFileAsync('git', args, { cwd: dir, env: { ...process.env, HOME: work, GIT_CONFIG_NOSYSTEM: '1' } });
    await git('init', '-q');
    await git('status', '--short');
    expect(existsSync(marker)).toBe(false);
  });

  it('[PATH12, XFER11] a .zip export holds no dot path either', async () => {
    const zipFile = join(work, 'vault.zip');
    await runTransfer(relay, 'export', [zipFile]);
    const names = Object.keys(unzipSync(new Uint8Array(await readFile(zipFile))));
    expect(names.filter(hasDotName).sort()).toEqual(['.baalda-export.json', '.baalda-ids.json']);
    expect(names).toContain(LEGACY_NOTE);
  });

  it('[PATH12, MIR2] the mirror writes no dot path the relay holds, and its own .baalda/state.json stays its own', async () => {
    const dir = join(work, 'mirror');
    const lines: string[] = [];
    const mirror = await startMirror({
      dir,
      relay: createRelayClient(relay.httpUrl, { token: relay.token, vaultId: 'default' }),
      intervalMs: 50,
      treePollMs: 2000,
      log: (line) => lines.push(line),
    });
    try {
      await eventually(
        () => existsSync(join(dir, 'Readme.md')) && lines.some((line) => line.startsWith('mirror: .git/config')),
        () => lines.join('\n'),
      );
      expect((await listAll(dir)).filter((path) => hasDotName(path) && !path.startsWith('.baalda'))).toEqual([]);
      expect(lines).toContainEqual(expect.stringMatching(/^mirror: \.git\/config not mirrored: /));
    } finally {
      await mirror.stop();
    }
    expect(await readFile(join(dir, '.baalda', 'state.json'), 'utf8')).not.toContain('planted');
  });
});
