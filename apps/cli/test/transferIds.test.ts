import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callTool, connectMcp, type TestRelay } from 'baalda-relay/testing';
import { unzipSync } from 'fflate';
import { describe, expect } from 'vitest';
import { createRemoteNote, randomId, type TestVault } from './mirrorFixtures';
import { mirrorTest as test } from './mirrorHarness';
import { runTransfer, writeTree } from './transferHarness';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'markdown');
const IMAGE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Files in the normal form already (MD2, MD6); `Loose.md` is not (`*` for emphasis, two spaces, no final
// newline), so its export is whatever `read_note` gives.
const NORMAL = {
  'Plan.md': '# Plan\n\nStep one.\n',
  'Projects/Budget.md': '---\ntags: [money]\n---\n\n# Budget\n\n- [ ] count\n',
  'Empty.md': '',
};
const LOOSE = 'A  *loose*   line';

/** Each live entry's docId by its path. */
async function idsByPath(vault: TestVault): Promise<Map<string, string>> {
  return new Map((await vault.client.tree()).notes.map((entry) => [entry.path, entry.docId]));
}

/** The note's Markdown as `read_note` gives it, for each docId. */
async function readNotes(relay: TestRelay, vault: TestVault, docIds: readonly string[]): Promise<string[]> {
  const client = await connectMcp(relay.httpUrl, vault.token);
  try {
    const texts: string[] = [];
    for (const docId of docIds) texts.push(String((await callTool(client, 'read_note', { docId })).structured?.text));
    return texts;
  } finally {
    await client.close();
  }
}

/** Imports a folder of the fixtures' notes and an image into `vault`, then exports it to `<folder>/export`. */
async function importAndExport(relay: TestRelay, vault: TestVault, folder: string): Promise<string> {
  const source = join(folder, 'source');
  await writeTree(source, {
    ...NORMAL,
    'Loose.md': LOOSE,
    'obsidian.md': await readFile(join(FIXTURES, 'obsidian.md')),
    'image.png': IMAGE,
  });
  expect(await runTransfer(relay, 'import', [source], {}, vault)).toMatchObject({ code: 0, stderr: [] });
  const exported = join(folder, 'export');
  expect(await runTransfer(relay, 'export', [exported], {}, vault)).toMatchObject({ code: 0, stderr: [] });
  return exported;
}

function move(vault: TestVault, docId: string, path: string) {
  return vault.client.apply({ opId: randomId(), kind: 'moveNote', docId, path });
}

const NOTES = ['Empty.md', 'Loose.md', 'Plan.md', 'Projects/Budget.md', 'obsidian.md'];

describe('how an export keeps note ids: .baalda-ids.json (XFER2, XFER7)', { timeout: 60_000 }, () => {
  test('[XFER2] each exported file is its note’s Markdown byte for byte; the ids are in .baalda-ids.json', async ({
    relay,
    vault,
    folder,
  }) => {
    const exported = await importAndExport(relay, vault, folder);
    const ids = await idsByPath(vault);
    const docIds = NOTES.map((path) => ids.get(path) ?? `no ${path}`);
    const files = await Promise.all(NOTES.map((path) => readFile(join(exported, path), 'utf8')));
    expect(files).toEqual(await readNotes(relay, vault, docIds));
    // A file in the normal form comes back as it went in.
    for (const [path, text] of Object.entries(NORMAL)) expect(await readFile(join(exported, path), 'utf8')).toBe(text);
    expect(await readFile(join(exported, 'obsidian.md'), 'utf8')).toBe(
      await readFile(join(FIXTURES, 'obsidian.md'), 'utf8'),
    );
    expect(JSON.parse(await readFile(join(exported, '.baalda-ids.json'), 'utf8'))).toEqual({
      format: 'baalda-ids',
      version: 1,
      notes: Object.fromEntries(NOTES.map((path, index) => [path, docIds[index]])),
    });
  });

  test('[XFER7] an export imported again updates the notes it came from wherever they moved, adding nothing', async ({
    relay,
    vault,
    folder,
  }) => {
    const exported = await importAndExport(relay, vault, folder);
    const ids = await idsByPath(vault);
    const plan = ids.get('Plan.md') ?? 'no Plan.md';
    await move(vault, plan, 'Archive/Plan.md');
    // Another note now has the old path: the file still goes to the note it was exported from.
    const { docId: other } = await createRemoteNote(relay, vault, 'Plan.md');
    await writeFile(join(exported, 'Plan.md'), `${NORMAL['Plan.md']}\nStep two.\n`);
    const run = await runTransfer(relay, 'import', [exported], {}, vault);
    expect(run).toMatchObject({ code: 0, stderr: [] });
    expect(run.stdout).toBe(
      `imported 5 notes (1 updated, 4 unchanged) and 1 attachment (1 unchanged) from ${exported}`,
    );
    expect(await readNotes(relay, vault, [plan, other])).toEqual(['# Plan\n\nStep one.\n\nStep two.\n', '']);
    expect(await idsByPath(vault)).toEqual(new Map([...ids, ['Archive/Plan.md', plan], ['Plan.md', other]]));
  });

  test('[XFER7] a file renamed on disk after the export is a new note at its new path; its note stays as it was', async ({
    relay,
    vault,
    folder,
  }) => {
    const exported = await importAndExport(relay, vault, folder);
    const ids = await idsByPath(vault);
    // Ids belong to paths: Plan.md's entry now names nothing on disk, and Renamed.md has none.
    await rename(join(exported, 'Plan.md'), join(exported, 'Renamed.md'));
    const run = await runTransfer(relay, 'import', [exported], {}, vault);
    expect(run.stdout).toBe(`imported 5 notes (1 new, 4 unchanged) and 1 attachment (1 unchanged) from ${exported}`);
    const after = await idsByPath(vault);
    expect(after.get('Plan.md')).toBe(ids.get('Plan.md'));
    const renamed = after.get('Renamed.md') ?? 'no Renamed.md';
    expect(await readNotes(relay, vault, [renamed])).toEqual([NORMAL['Plan.md']]);
  });

  test('[XFER7] a file from an older export finds its note by its baalda_id line, wherever it is, and loses the line', async ({
    relay,
    vault,
    folder,
  }) => {
    await importAndExport(relay, vault, folder);
    const ids = await idsByPath(vault);
    const [plan, budget] = [ids.get('Plan.md') ?? 'no Plan.md', ids.get('Projects/Budget.md') ?? 'no Budget.md'];
    const legacy = join(folder, 'legacy');
    await writeTree(legacy, {
      'Old place.md': `---\nbaalda_id: ${plan}\n---\n\n# Plan\n\nStep one, done.\n`,
      'Projects/Budget.md': `---\nbaalda_id: ${budget}\ntags: [money]\n---\n\n# Budget\n\n- [x] count\n`,
    });
    const run = await runTransfer(relay, 'import', [legacy], {}, vault);
    expect(run).toMatchObject({ code: 0, stdout: `imported 2 notes (2 updated) and 0 attachments from ${legacy}` });
    expect(await readNotes(relay, vault, [plan, budget])).toEqual([
      '# Plan\n\nStep one, done.\n',
      '---\ntags: [money]\n---\n\n# Budget\n\n- [x] count\n',
    ]);
    expect(await idsByPath(vault)).toEqual(ids);
  });

  test('[XFER7] a damaged .baalda-ids.json is one warning; files are matched by path and nothing is added twice', async ({
    relay,
    vault,
    folder,
  }) => {
    const exported = await importAndExport(relay, vault, folder);
    const ids = await idsByPath(vault);
    const damaged = JSON.stringify({ format: 'baalda-ids', version: 1, notes: { 'Plan.md': 'not an id' } });
    await writeFile(join(exported, '.baalda-ids.json'), damaged);
    const run = await runTransfer(relay, 'import', [exported], {}, vault);
    expect(run).toEqual({
      code: 0,
      stdout: `imported 5 notes (5 unchanged) and 1 attachment (1 unchanged) from ${exported}`,
      stderr: [
        'warning: .baalda-ids.json ignored (notes["Plan.md"]: not a docId); notes are matched by path instead (XFER7)',
      ],
    });
    await writeFile(join(exported, '.baalda-ids.json'), '{"format": "baalda-ids", "version": 1, "notes": {');
    const again = await runTransfer(relay, 'import', [exported], {}, vault);
    expect(again.stderr).toEqual([expect.stringMatching(/^warning: \.baalda-ids\.json ignored \(not JSON: /)]);
    expect(await idsByPath(vault)).toEqual(ids);
  });

  test('[XFER2, XFER3] a zip export carries .baalda-ids.json; unzipped and imported, it finds the notes that moved', async ({
    relay,
    vault,
    folder,
  }) => {
    await importAndExport(relay, vault, folder);
    const zipFile = join(folder, 'vault.zip');
    expect(await runTransfer(relay, 'export', [zipFile], {}, vault)).toMatchObject({ code: 0, stderr: [] });
    const unzipped = join(folder, 'unzipped');
    const entries = unzipSync(new Uint8Array(await readFile(zipFile)));
    await writeTree(unzipped, Object.fromEntries(Object.entries(entries).filter(([name]) => !name.endsWith('/'))));
    const ids = await idsByPath(vault);
    const budget = ids.get('Projects/Budget.md') ?? 'no Budget.md';
    expect(JSON.parse(await readFile(join(unzipped, '.baalda-ids.json'), 'utf8')).notes).toMatchObject({
      'Projects/Budget.md': budget,
    });
    await move(vault, budget, 'Budget 2027.md');
    const run = await runTransfer(relay, 'import', [unzipped], {}, vault);
    expect(run.stdout).toBe(`imported 5 notes (5 unchanged) and 1 attachment (1 unchanged) from ${unzipped}`);
    expect(await idsByPath(vault)).toEqual(
      new Map([...ids].map(([path, id]) => [id === budget ? 'Budget 2027.md' : path, id])),
    );
  });
});
