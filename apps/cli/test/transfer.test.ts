import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '@baalda/core';
import {
  authedFetch,
  callTool,
  connectMcp,
  pgliteBackend,
  seededRandom,
  startTestRelay,
  type TestRelay,
} from 'baalda-relay/testing';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { noteStamps, runTransfer, type TreeEntry, treeOf, writeTree } from './transferHarness';

// The CLI's bundle, built once per run and started with plain Node (see cliBundleSetup.ts).
const CLI = inject('cliBundle');
// The CLI's own variables are dropped so the machine running the tests can't change what they see.
const { BAALDA_TOKEN, BAALDA_RELAY_URL, ...quietEnv } = process.env;
const FIXTURES = join(import.meta.dirname, 'fixtures', 'markdown');
const FIXTURE_NAMES = readdirSync(FIXTURES).filter((name) => name.endsWith('.md'));
const NESTED = ['Projects/Deep/lists.md', 'Projects/Deep/obsidian.md'];
const NOTE_PATHS = [...FIXTURE_NAMES, ...NESTED].sort();
const DIAGRAM = randomBytes(300_000, 7);
const CSV = 'name,amount\nalice,3\nbob,4\n';

// What a fixture must read as after a round trip: its `.expected.md` when it has one (an `.expected.md`
// is in the normal form already, so it is its own expectation).
async function expectedText(notePath: string): Promise<string> {
  const name = notePath.split('/').at(-1) ?? notePath;
  const expected = name.replace(/\.md$/, '.expected.md');
  const file = !name.endsWith('.expected.md') && FIXTURE_NAMES.includes(expected) ? expected : name;
  return readFile(join(FIXTURES, file), 'utf8');
}

function randomBytes(length: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

// Stores are debounced (50 ms in tests); wait them out so `updatedAt` only moves for real writes.
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('export and import (XFER)', { timeout: 60_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let work: string;
  let source: string;
  let exported: string;
  const byPath = (tree: { notes: TreeEntry[] }) => new Map(tree.notes.map((entry) => [entry.path, entry.docId]));

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    work = await mkdtemp(join(tmpdir(), 'baalda-transfer-'));
    source = join(work, 'Obsidian vault');
    exported = join(work, 'export');
    await cp(FIXTURES, source, { recursive: true });
    for (const path of NESTED) await cp(join(FIXTURES, path.split('/').at(-1) ?? ''), join(source, path));
    await writeTree(source, {
      'attachments/diagram.png': DIAGRAM,
      'Projects/data.csv': CSV,
      '.obsidian/app.json': '{"livePreview":true}',
      '.obsidian/snippets/theme.md': '# never imported',
      '.trash/deleted.md': 'gone',
      '.git/HEAD': 'ref: refs/heads/main',
      'lists.md~': 'a backup',
      '#draft.md#': 'an autosave',
      '~$report.docx': 'a lock file',
      'scratch.tmp': 'temporary',
    });
    await mkdir(join(source, 'Empty', 'Inside'), { recursive: true });
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
    await rm(work, { recursive: true, force: true });
  });

  it('[XFER4, XFER5] importing a folder keeps its tree and leaves dotfolders and editor leftovers out', async () => {
    const run = await runTransfer(relay, 'import', [source]);
    expect(run).toMatchObject({ code: 0, stderr: [] });
    expect(run.stdout).toBe(
      `imported ${NOTE_PATHS.length} notes (${NOTE_PATHS.length} new) and 2 attachments (2 new) from ${source}`,
    );
    const tree = await treeOf(relay);
    expect(tree.notes.map((entry) => entry.path).sort()).toEqual(
      [...NOTE_PATHS, 'attachments/diagram.png', 'Projects/data.csv'].sort(),
    );
    expect(tree.folders).toEqual(expect.arrayContaining(['Empty/Inside', 'Projects/Deep', 'attachments']));
  });

  it('[XFER1, XFER2, XFER3, MD6, MD7] a folder export gives every fixture back in its normal form byte for byte, its id in .baalda-ids.json', async () => {
    const run = await runTransfer(relay, 'export', [exported]);
    expect(run).toMatchObject({ code: 0, stderr: [] });
    expect(run.stdout).toBe(`exported ${NOTE_PATHS.length} notes and 2 attachments to ${exported}`);
    const ids = byPath(await treeOf(relay));
    // One comparison of every file, so that a failure shows each fixture that came back otherwise.
    const textsOf = (read: (path: string) => Promise<string>) =>
      Promise.all(NOTE_PATHS.map(async (path) => [path, await read(path)]));
    expect(Object.fromEntries(await textsOf((path) => readFile(join(exported, path), 'utf8')))).toEqual(
      Object.fromEntries(await textsOf(expectedText)),
    );
    const noteIds = JSON.parse(await readFile(join(exported, '.baalda-ids.json'), 'utf8'));
    expect(noteIds).toEqual({
      format: 'baalda-ids',
      version: 1,
      notes: Object.fromEntries(NOTE_PATHS.map((path) => [path, ids.get(path)])),
    });
    expect(new Uint8Array(await readFile(join(exported, 'attachments/diagram.png')))).toEqual(DIAGRAM);
    expect(await readFile(join(exported, 'Projects/data.csv'), 'utf8')).toBe(CSV);
    expect(readdirSync(join(exported, 'Empty', 'Inside'))).toEqual([]);
    const manifest = JSON.parse(await readFile(join(exported, '.baalda-export.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'baalda-export', vault: 'default', relay: relay.httpUrl });
  });

  it('[XFER3] a zip export holds the same files as the folder export, .baalda-ids.json too', async () => {
    const zipFile = join(work, 'out', 'vault.zip');
    const run = await runTransfer(relay, 'export', [zipFile]);
    expect(run).toMatchObject({
      code: 0,
      stdout: `exported ${NOTE_PATHS.length} notes and 2 attachments to ${zipFile}`,
    });
    const entries = unzipSync(new Uint8Array(await readFile(zipFile)));
    for (const path of [...NOTE_PATHS, 'attachments/diagram.png', 'Projects/data.csv']) {
      expect(entries[path], path).toEqual(new Uint8Array(await readFile(join(exported, path))));
    }
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['Empty/Inside/', '.baalda-export.json']));
    // The same ids as the folder's: nothing moved in between, and the ids file is sorted, with no date.
    expect(entries['.baalda-ids.json']).toEqual(new Uint8Array(await readFile(join(exported, '.baalda-ids.json'))));
    expect(readdirSync(join(work, 'out'))).toEqual(['vault.zip']);
  });

  it('[XFER7, XFER8] importing the same folder, or its export, again adds nothing and rewrites nothing', async () => {
    await settle();
    const before = await treeOf(relay);
    const noteIds = before.notes.filter((entry) => entry.path.endsWith('.md')).map((entry) => entry.docId);
    const stamps = await noteStamps(relay, noteIds);
    for (const folder of [source, exported]) {
      const run = await runTransfer(relay, 'import', [folder]);
      expect(run.stdout).toBe(
        `imported ${NOTE_PATHS.length} notes (${NOTE_PATHS.length} unchanged) and 2 attachments (2 unchanged) from ${folder}`,
      );
    }
    await settle();
    expect(await treeOf(relay)).toEqual(before);
    expect(await noteStamps(relay, noteIds)).toEqual(stamps);
  });

  it('[XFER7] a changed file updates its note in place, found by its path or by the export’s ids', async () => {
    const before = byPath(await treeOf(relay));
    await writeFile(
      join(source, 'lists.md'),
      `${await readFile(join(source, 'lists.md'), 'utf8')}\nAdded in the folder.\n`,
    );
    const fromSource = await runTransfer(relay, 'import', [source]);
    expect(fromSource.stdout).toContain(`(1 updated, ${NOTE_PATHS.length - 1} unchanged)`);
    const exportedNote = await readFile(join(exported, 'non-ascii.md'), 'utf8');
    await writeFile(join(exported, 'non-ascii.md'), `${exportedNote}\nEdited after the export.\n`);
    const fromExport = await runTransfer(relay, 'import', [exported]);
    // lists.md in the export still has the old text, so it is written back too.
    expect(fromExport.stdout).toContain(`(2 updated, ${NOTE_PATHS.length - 2} unchanged)`);
    const after = byPath(await treeOf(relay));
    expect(after).toEqual(before);
    const client = await connectMcp(relay.httpUrl, relay.token);
    const text = String((await callTool(client, 'read_note', { docId: before.get('non-ascii.md') })).structured?.text);
    await client.close();
    expect(text.endsWith('Edited after the export.\n')).toBe(true);
  });

  it('[XFER8] an attachment with other bytes replaces the one at its path; the old one goes to the trash', async () => {
    const before = byPath(await treeOf(relay));
    const oldId = before.get('attachments/diagram.png');
    await writeFile(join(source, 'attachments/diagram.png'), randomBytes(1000, 8));
    const run = await runTransfer(relay, 'import', [source]);
    expect(run.stdout).toContain('2 attachments (1 replaced, 1 unchanged)');
    const after = byPath(await treeOf(relay));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(after.get('attachments/diagram.png')).not.toBe(oldId);
    const trash = (await (await authedFetch(relay, '/api/vaults/default/trash')).json()) as { notes: TreeEntry[] };
    expect(trash.notes.map((entry) => entry.docId)).toContain(oldId);
  });

  it('[XFER3] exporting again into the same folder refreshes it: stale files go, files it did not write stay', async () => {
    const trashed = byPath(await treeOf(relay)).get('over-escaped.md');
    const op = { opId: 'transferTestTrash01', kind: 'trashNote', docId: trashed };
    await authedFetch(relay, '/api/vaults/default/ops', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ops: [op] }),
    });
    await writeTree(exported, { 'Written by hand.md': 'Not from the export.\n' });
    const run = await runTransfer(relay, 'export', [exported]);
    expect(run).toMatchObject({ code: 0, stderr: [] });
    expect(existsSync(join(exported, 'over-escaped.md'))).toBe(false);
    const noteIds = JSON.parse(await readFile(join(exported, '.baalda-ids.json'), 'utf8'));
    expect(Object.keys(noteIds.notes)).toEqual(NOTE_PATHS.filter((path) => path !== 'over-escaped.md'));
    expect(existsSync(join(exported, 'non-ascii.md'))).toBe(true);
    // Written by someone else: never touched.
    expect(existsSync(join(exported, 'Written by hand.md'))).toBe(true);
    await rename(join(exported, '.baalda-export.json'), join(exported, 'manifest.json'));
    const refused = await runTransfer(relay, 'export', [exported]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.at(-1)).toMatch(/is not empty/);
  });
});

describe('export and import with files the vault refuses (XFER)', { timeout: 60_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let work: string;
  let bad: string;

  function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const argv = [CLI, '--relay', relay.httpUrl, '--token', relay.token, ...args];
      execFile(process.execPath, argv, { cwd: work, env: quietEnv }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target, { maxAttachmentBytes: 4096 });
    work = await mkdtemp(join(tmpdir(), 'baalda-transfer-bad-'));
    bad = join(work, 'bad');
    await writeTree(bad, {
      'good.md': '# Good\n\nKept.\n',
      'Sub/also good.md': 'Also kept.\n',
      'small.bin': Uint8Array.from([0, 1, 2, 255]),
      'over this relay.bin': new Uint8Array(5000),
      'junk.md': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28]),
      'zeros.md': 'looks like text\0but is not\n',
      'a:b.md': 'a colon is refused on Windows and macOS disks\n',
      'Folder.md/inside.md': 'a folder named like a note\n',
      'big.bin': '',
    });
    // Sparse: larger than LIM12 without taking the disk space.
    await truncate(join(bad, 'big.bin'), LIMITS.maxAttachmentBytes + 1);
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
    await rm(work, { recursive: true, force: true });
  });

  it('[XFER5, XFER6, XFER8] each refused file is one stderr line naming why; the rest is imported; exit code 1', async () => {
    const run = await runTransfer(relay, 'import', [bad], { '--into': 'Imported' });
    expect(run.code).toBe(1);
    expect(run.stderr.slice(0, -1).sort()).toEqual([
      expect.stringMatching(/^skipped Folder\.md\/inside\.md: FD4: /),
      expect.stringMatching(/^skipped a:b\.md: PATH5: /),
      expect.stringMatching(/^skipped big\.bin: ATTACHMENT_TOO_LARGE: .*LIM12/),
      'skipped junk.md: not UTF-8 text, so not a Markdown note',
      expect.stringMatching(/^skipped over this relay\.bin: ATTACHMENT_TOO_LARGE: /),
      'skipped zeros.md: binary data (NUL bytes), not a Markdown note',
    ]);
    expect(run.stderr.at(-1)).toBe(
      `imported 2 notes (2 new) and 1 attachment (1 new) from ${bad}; 6 files skipped (see above)`,
    );
    expect((await treeOf(relay)).notes.map((entry) => entry.path).sort()).toEqual([
      'Imported/Sub/also good.md',
      'Imported/good.md',
      'Imported/small.bin',
    ]);
  });

  it('[XFER5] a bad --into or a missing folder is a usage error (exit code 2) and nothing is imported', async () => {
    const before = await treeOf(relay);
    const badInto = await runTransfer(relay, 'import', [bad], { '--into': 'a|b' });
    expect(badInto.code).toBe(2);
    expect(badInto.stderr.at(-1)).toMatch(/^--into: PATH5: /);
    const missing = await runTransfer(relay, 'import', [join(work, 'nowhere.zip')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.at(-1)).toMatch(/is not a folder.*Unzip it first/);
    expect(await treeOf(relay)).toEqual(before);
  });

  it('[XFER3] export refuses a non-empty folder that holds no export, and an existing .zip (exit code 2)', async () => {
    const intoFolder = await runTransfer(relay, 'export', [bad]);
    expect(intoFolder.code).toBe(2);
    expect(intoFolder.stderr.at(-1)).toMatch(/is not empty/);
    await writeFile(join(work, 'taken.zip'), 'not ours');
    const intoZip = await runTransfer(relay, 'export', [join(work, 'taken.zip')]);
    expect(intoZip.code).toBe(2);
    expect(intoZip.stderr.at(-1)).toMatch(/exists; a \.zip is never overwritten/);
  });

  it('[XFER1] end to end: the CLI exports (exit 0) and imports with refusals (exit 1) as a child process', async () => {
    const exported = await runCli(['export', join(work, 'exported')]);
    expect(exported).toMatchObject({
      code: 0,
      stdout: `exported 2 notes and 1 attachment to ${join(work, 'exported')}\n`,
    });
    expect(readdirSync(join(work, 'exported')).sort()).toEqual(['.baalda-export.json', '.baalda-ids.json', 'Imported']);
    const imported = await runCli(['import', bad, '--into', 'Imported']);
    expect(imported).toMatchObject({ code: 1, stdout: '' });
    expect(imported.stderr).toContain('skipped a:b.md: PATH5: ');
    expect(imported.stderr).toMatch(
      /imported 2 notes \(2 unchanged\) and 1 attachment \(1 unchanged\) from .*; 6 files skipped/,
    );
  });
});

describe('import under the token rate limit (XFER, LIM10)', { timeout: 60_000 }, () => {
  it('[XFER1, LIM10] an import that outruns the token’s rate waits as the relay asks and finishes', async () => {
    const database = await pgliteBackend.create();
    const relay = await startTestRelay(database.target, { mcpRateLimit: { perSecond: 2, burst: 2 } });
    const folder = await mkdtemp(join(tmpdir(), 'baalda-transfer-paced-'));
    try {
      await writeTree(folder, { 'a.md': 'A\n', 'b.md': 'B\n', 'c.md': 'C\n', 'd.md': 'D\n' });
      const run = await runTransfer(relay, 'import', [folder]);
      expect(run).toMatchObject({ code: 0, stdout: `imported 4 notes (4 new) and 0 attachments from ${folder}` });
      expect(run.stderr).toEqual([expect.stringMatching(/^the relay is pacing this token \(LIM10\); waiting 1 s/)]);
    } finally {
      await relay.close();
      await database.dispose();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
