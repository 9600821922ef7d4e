import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { linkedDocIdsOf } from '@baalda/core';
import { callTool, connectMcp, openNote, type TestRelay } from 'baalda-relay/testing';
import { describe, expect } from 'vitest';
import { randomId, readText, type TestVault } from './mirrorFixtures';
import { mirrorTest as test } from './mirrorHarness';
import { runTransfer, writeTree } from './transferHarness';

// An Obsidian vault of four notes in folders linking each other by name, path, alias and heading, one name
// that resolves to nothing, and an image linked and embedded (both point at it by docId, LNK5).
const FIXTURE = join(import.meta.dirname, 'fixtures', 'obsidian-links');
const IMAGE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The docIds the relay's document of each note links to, by path, sorted. */
async function relayLinks(relay: TestRelay, vault: TestVault): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>();
  for (const { docId, path } of (await vault.client.tree()).notes) {
    if (!path.endsWith('.md')) continue;
    const peer = await openNote(relay, vault, docId);
    links.set(path, linkedDocIdsOf(peer.doc).sort());
    peer.destroy();
  }
  return links;
}

async function docIdsByPath(vault: TestVault): Promise<Map<string, string>> {
  return new Map((await vault.client.tree()).notes.map((entry) => [entry.path, entry.docId]));
}

async function readNote(relay: TestRelay, vault: TestVault, docId: string): Promise<string> {
  const client = await connectMcp(relay.httpUrl, vault.token);
  try {
    return String((await callTool(client, 'read_note', { docId })).structured?.text);
  } finally {
    await client.close();
  }
}

function moveNote(vault: TestVault, docId: string, path: string) {
  return vault.client.apply({ opId: randomId(), kind: 'moveNote', docId, path });
}

describe('[[links]] between notes through import, export and the mirror (LNK3)', { timeout: 60_000 }, () => {
  test('[XFER10][XFER2] an imported Obsidian vault links by docId; export after a rename writes the new name', async ({
    relay,
    vault,
    folder,
  }) => {
    const source = join(folder, 'source');
    await cp(FIXTURE, source, { recursive: true });
    await writeFile(join(source, 'image.png'), IMAGE);
    const imported = await runTransfer(relay, 'import', [source], { '--into': 'Imported' }, vault);
    expect(imported).toMatchObject({ code: 0, stderr: [] });
    expect(imported.stdout).toBe(`imported 4 notes (4 new) and 1 attachment (1 new) from ${source}`);

    const ids = await docIdsByPath(vault);
    const id = (name: string) => ids.get(`Imported/${name}`) ?? `no ${name}`;
    expect(await relayLinks(relay, vault)).toEqual(
      new Map([
        ['Imported/Home.md', [id('Plans/Roadmap.md'), id('Projects/Budget.md'), id('image.png')].sort()],
        ['Imported/Plans/Roadmap.md', [id('Home.md'), id('Projects/Budget.md')].sort()],
        ['Imported/Projects/Budget.md', [id('Plans/Roadmap.md'), id('Projects/Ideas.md')].sort()],
        ['Imported/Projects/Ideas.md', [id('Home.md')]],
      ]),
    );
    expect(await readNote(relay, vault, id('Home.md'))).toBe(
      '# Home\n\nStart with [[Roadmap]] and [[Budget|the budget]].\n\n' +
        'The goals are in [[Roadmap#Goals]]; [[Nowhere]] names no note.\n\n' +
        '![[image.png]]\n\nThe picture alone: [[image.png]].\n',
    );
    // The same names on both sides of XFER7's comparison: nothing is written again.
    const again = await runTransfer(relay, 'import', [source], { '--into': 'Imported' }, vault);
    expect(again.stdout).toBe(`imported 4 notes (4 unchanged) and 1 attachment (1 unchanged) from ${source}`);

    await moveNote(vault, id('Plans/Roadmap.md'), 'Imported/Plans/Roadmap 2026.md');
    const exported = join(folder, 'export');
    expect(await runTransfer(relay, 'export', [exported], {}, vault)).toMatchObject({ code: 0, stderr: [] });
    const exportedText = (path: string) => readFile(join(exported, 'Imported', path), 'utf8');
    expect(await exportedText('Home.md')).toContain('Start with [[Roadmap 2026]] and [[Budget|the budget]].');
    expect(await exportedText('Home.md')).toContain('The goals are in [[Roadmap 2026#Goals]];');
    expect(await exportedText('Projects/Budget.md')).toContain('[[Roadmap 2026|roadmap]]');
  });

  test('[MIR13] new files link each other in one pass; a rename on the relay rewrites the linking file; a disk edit keeps links', async ({
    relay,
    vault,
    folder,
    inProcess,
  }) => {
    const dir = join(folder, 'mirror');
    await writeTree(dir, {
      'A.md': 'See [[B]] and [[Folder/C|cee]].\n',
      'B.md': 'Back to [[A]].\n',
      'Folder/C.md': 'Plain.\n',
    });
    const first = await inProcess.start(dir, relay.httpUrl);
    await first.mirror.idle();
    const ids = await docIdsByPath(vault);
    const [a, b, c] = ['A.md', 'B.md', 'Folder/C.md'].map((path) => ids.get(path) ?? `no ${path}`);
    const expectedLinks = new Map([
      ['A.md', [b, c].sort()],
      ['B.md', [a]],
      ['Folder/C.md', []],
    ]);
    expect(await relayLinks(relay, vault)).toEqual(expectedLinks);

    await moveNote(vault, b as string, 'Archive/B renamed.md');
    await first.mirror.idle();
    expect(await readText(dir, 'A.md')).toBe('See [[B renamed]] and [[C|cee]].\n');
    expect(first.lines).toContain('mirror: A.md ← relay (links renamed)');
    await writeFile(join(dir, 'A.md'), 'See [[B renamed]] and [[C|cee]].\n\nAn unrelated line.\n');
    await first.mirror.idle();
    expect((await relayLinks(relay, vault)).get('A.md')).toEqual([b, c].sort());

    // Renamed while no mirror ran, and the file edited meanwhile: its names are read as they were written.
    await first.mirror.stop();
    await moveNote(vault, c as string, 'Folder/C2.md');
    await writeFile(join(dir, 'A.md'), 'See [[B renamed]] and [[C|cee]].\n\nAn unrelated line, edited.\n');
    const second = await inProcess.start(dir, relay.httpUrl);
    await second.mirror.idle();
    expect(await readText(dir, 'A.md')).toBe('See [[B renamed]] and [[C2|cee]].\n\nAn unrelated line, edited.\n');
    expect((await relayLinks(relay, vault)).get('A.md')).toEqual([b, c].sort());
    expect(await readText(dir, 'Archive/B renamed.md')).toBe('Back to [[A]].\n');
  });
});
