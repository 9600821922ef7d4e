import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { callTool, connectMcp, pgliteBackend, startTestRelay, type TestRelay } from 'baalda-relay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTransfer, treeOf, writeTree } from '../transferHarness';

describe('attack: a vault file names a note outside --into by its id (XFER12)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let mcp: Client;
  let work: string;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    mcp = await connectMcp(relay.httpUrl, relay.token);
    work = await mkdtemp(join(tmpdir(), 'baalda-attack-import-'));
  });

  afterAll(async () => {
    await mcp.close();
    await relay.close();
    await dispose();
    await rm(work, { recursive: true, force: true });
  });

  async function createNote(path: string, text: string): Promise<string> {
    const created = await callTool(mcp, 'create_note', { path, text });
    if (created.isError) throw new Error(created.text);
    return String(created.structured?.docId);
  }

  const textOf = async (docId: string) => String((await callTool(mcp, 'read_note', { docId })).structured?.text);

  it('[XFER12] a baalda_id line or a .baalda-ids.json entry naming a note outside --into is ignored: the file comes in as a new note', async () => {
    const budget = await createNote('Finance/Budget.md', 'The real budget.');
    const salaries = await createNote('HR/Salaries.md', 'The real salaries.');
    // A "shared vault" someone downloaded: it takes over the owner's notes when imported into `Downloads/`.
    const source = join(work, 'downloaded');
    await writeTree(source, {
      'Innocent.md': `---\nbaalda_id: ${budget}\n---\n\nThe budget is now zero.\n`,
      'Readme.md': 'Salaries are public now.\n',
      '.baalda-ids.json': JSON.stringify({ format: 'baalda-ids', version: 1, notes: { 'Readme.md': salaries } }),
    });
    const run = await runTransfer(relay, 'import', [source], { '--into': 'Downloads' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^imported 2 notes \(2 new\)/);
    expect(run.stderr).toEqual([
      expect.stringMatching(
        /^warning: Innocent\.md names the note Finance\/Budget\.md by its id, outside Downloads; .*XFER12/,
      ),
      expect.stringMatching(
        /^warning: Readme\.md names the note HR\/Salaries\.md by its id, outside Downloads; .*XFER12/,
      ),
    ]);
    expect(await textOf(budget)).toBe('The real budget.\n');
    expect(await textOf(salaries)).toBe('The real salaries.\n');
    const paths = (await treeOf(relay)).notes.map((note) => note.path);
    expect(paths).toEqual(expect.arrayContaining(['Downloads/Innocent.md', 'Downloads/Readme.md']));
  });

  it('[XFER7, XFER12] an id naming a note inside --into still finds it, wherever it moved there', async () => {
    const kept = await createNote('Archive/Old/Kept.md', 'Kept once.');
    const source = join(work, 'archive');
    await writeTree(source, { 'Renamed.md': `---\nbaalda_id: ${kept}\n---\n\nKept, and edited.\n` });
    const run = await runTransfer(relay, 'import', [source], { '--into': 'Archive' });
    expect(run).toMatchObject({ code: 0, stderr: [] });
    expect(run.stdout).toMatch(/^imported 1 note \(1 updated\)/);
    expect(await textOf(kept)).toBe('Kept, and edited.\n');
  });
});
