import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { linkedDocIdsOf } from '@baalda/markdown';
import { callTool, connectMcp, eventually, openNote, type TestRelay } from 'baalda-relay/testing';
import { describe, expect } from 'vitest';
import { randomId, readText, type TestVault } from './mirrorFixtures';
import { mirrorTest as test } from './mirrorHarness';
import { runTransfer, writeTree } from './transferHarness';

// An Obsidian vault of four notes in folders linking each other by name, path, alias and heading, one name
// that resolves to nothing, and an image linked and embedded (both point at it by docId, LNK5).
const FIXTURE = join(import.meta.dirname, 'fixtures', 'obsidian-links');
const IMAGE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Links as people type them in Obsidian: lower case, another case, aliased, to headings and blocks, with
// `.md`, by folder, embedded, and two notes named `Plan` in different folders (one `[[plan]]` between them).
const AS_TYPED = join(import.meta.dirname, 'fixtures', 'obsidian-as-typed');

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

/** Exports the vault into `dir`: the text of each note there, by its path. */
async function exportedTexts(relay: TestRelay, vault: TestVault, dir: string): Promise<Map<string, string>> {
  expect(await runTransfer(relay, 'export', [dir], {}, vault)).toMatchObject({ code: 0, stderr: [] });
  return notesIn(dir);
}

/** The `.md` files under `dir` (dot folders left out), by path, in path order. */
async function notesIn(dir: string): Promise<Map<string, string>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = files
    .filter((file) => file.isFile() && file.name.endsWith('.md'))
    .map((file) => relative(dir, join(file.parentPath, file.name)).split(sep).join('/'))
    .filter((path) => !path.startsWith('.'))
    .sort();
  return new Map(await Promise.all(paths.map(async (path) => [path, await readText(dir, path)] as [string, string])));
}

/** `texts` with `edit` made to each, and the one at `move[0]` at `move[1]`. */
function edited(
  texts: ReadonlyMap<string, string>,
  edit: (text: string) => string,
  [from, to]: readonly [string, string],
): Map<string, string> {
  const paths = [...texts.keys()].map((path) => (path === from ? to : path)).sort();
  return new Map(paths.map((path) => [path, edit(texts.get(path === to ? from : path) ?? '')]));
}

/** Appends `markdown` to the note as an assistant does (MCP `append_note`). */
async function appendAsAssistant(relay: TestRelay, vault: TestVault, docId: string, markdown: string) {
  const client = await connectMcp(relay.httpUrl, vault.token);
  try {
    const answer = await callTool(client, 'append_note', { docId, text: markdown });
    expect(answer.isError, answer.text).toBe(false);
  } finally {
    await client.close();
  }
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

    // `Folder/C` still names C: only the link to the renamed note changes (LNK3).
    await moveNote(vault, b as string, 'Archive/B renamed.md');
    await first.mirror.idle();
    expect(await readText(dir, 'A.md')).toBe('See [[B renamed]] and [[Folder/C|cee]].\n');
    expect(first.lines).toContain('mirror: A.md ← relay (links renamed)');
    await writeFile(join(dir, 'A.md'), 'See [[B renamed]] and [[Folder/C|cee]].\n\nAn unrelated line.\n');
    await first.mirror.idle();
    expect((await relayLinks(relay, vault)).get('A.md')).toEqual([b, c].sort());

    // Renamed while no mirror ran, and the file edited meanwhile: its names are read as they were written.
    await first.mirror.stop();
    await moveNote(vault, c as string, 'Folder/C2.md');
    await writeFile(join(dir, 'A.md'), 'See [[B renamed]] and [[Folder/C|cee]].\n\nAn unrelated line, edited.\n');
    const second = await inProcess.start(dir, relay.httpUrl);
    await second.mirror.idle();
    expect(await readText(dir, 'A.md')).toBe('See [[B renamed]] and [[C2|cee]].\n\nAn unrelated line, edited.\n');
    expect((await relayLinks(relay, vault)).get('A.md')).toEqual([b, c].sort());
    expect(await readText(dir, 'Archive/B renamed.md')).toBe('Back to [[A]].\n');
  });

  test('[XFER10][LNK3] an Obsidian vault comes back from import and export as it was typed; a rename or move rewrites only the links it must', async ({
    relay,
    vault,
    folder,
  }) => {
    const source = join(folder, 'source');
    await cp(AS_TYPED, source, { recursive: true });
    await writeTree(source, { 'Attachments/diagram.png': IMAGE, '.obsidian/app.json': '{}' });
    expect(await runTransfer(relay, 'import', [source], {}, vault)).toMatchObject({ code: 0, stderr: [] });
    const typed = await notesIn(AS_TYPED);
    expect(typed.size).toBe(8);
    expect(await exportedTexts(relay, vault, join(folder, 'first'))).toEqual(typed);
    expect([...(await readFile(join(folder, 'first', 'Attachments', 'diagram.png')))]).toEqual([...IMAGE]);

    // A rename: every link to Formulas, however it was typed, and no other.
    const ids = await docIdsByPath(vault);
    await moveNote(vault, ids.get('Reference/Formulas.md') ?? 'no Formulas', 'Reference/Equations.md');
    const toEquations = (text: string) => text.replace(/\[\[formulas(\.md)?(?=[#|\]])/gi, '[[Equations');
    const renamed = edited(typed, toEquations, ['Reference/Formulas.md', 'Reference/Equations.md']);
    expect([...typed.values()].filter((text) => toEquations(text) !== text)).toHaveLength(5);
    expect(await exportedTexts(relay, vault, join(folder, 'second'))).toEqual(renamed);

    // A move: the paths typed to Alpha's plan name it no longer, and `plan` now reads as Alpha's (the
    // shorter path), so the links that meant Beta's by that name name it by its path.
    await moveNote(vault, ids.get('Projects/Alpha/Plan.md') ?? 'no Alpha', 'Archive/Plan.md');
    const toArchive = (text: string) =>
      text
        .replace(/\[\[Projects\/Alpha\/plan(?=[#|\]])/gi, '[[Archive/Plan')
        .replaceAll('[[plan]]', '[[Projects/Beta/Plan]]');
    const moved = edited(renamed, toArchive, ['Projects/Alpha/Plan.md', 'Archive/Plan.md']);
    expect(moved.get('Home.md')).toContain('by the name both share, [[Projects/Beta/Plan]].');
    expect(await exportedTexts(relay, vault, join(folder, 'third'))).toEqual(moved);
  });

  test('[MIR13][LNK3] a mirrored file keeps its links as typed when an assistant appends to its note, and takes a retyped link', async ({
    relay,
    vault,
    folder,
    inProcess,
  }) => {
    const dir = join(folder, 'mirror');
    const typed = 'See [[b note]] and [[B NOTE|the other one]].\n';
    await writeTree(dir, { 'A.md': typed, 'B note.md': 'Bee.\n' });
    const { mirror, lines } = await inProcess.start(dir, relay.httpUrl);
    await mirror.idle();
    const a = (await docIdsByPath(vault)).get('A.md') ?? 'no A';
    const untilFileIs = (text: string) =>
      eventually(
        async () => (await readText(dir, 'A.md'))?.includes(text.trimEnd().split('\n').at(-1) ?? '') === true,
        () => lines.join('\n'),
        30_000,
      ).then(() => readText(dir, 'A.md'));

    await appendAsAssistant(relay, vault, a, 'An assistant was here.');
    expect(await untilFileIs(`${typed}\nAn assistant was here.\n`)).toBe(`${typed}\nAn assistant was here.\n`);

    // The person types one link otherwise (same note): the note takes it, and keeps it through the next append.
    const retyped = `See [[B Note]] and [[B NOTE|the other one]].\n\nAn assistant was here.\n`;
    await writeFile(join(dir, 'A.md'), retyped);
    await mirror.idle();
    await appendAsAssistant(relay, vault, a, 'And again.');
    expect(await untilFileIs(`${retyped}\nAnd again.\n`)).toBe(`${retyped}\nAnd again.\n`);
    expect(await readNote(relay, vault, a)).toBe(`${retyped}\nAnd again.\n`);
  });

  test('[MIR13][LNK3] a note moved to another folder rewrites, in a mirrored file, the link that named its old folder and no other', async ({
    relay,
    vault,
    folder,
    inProcess,
  }) => {
    const dir = join(folder, 'mirror');
    await writeTree(dir, { 'A.md': 'See [[Folder/C|cee]] and [[c]].\n', 'Folder/C.md': 'Cee.\n' });
    const { mirror, lines } = await inProcess.start(dir, relay.httpUrl);
    await mirror.idle();
    await moveNote(vault, (await docIdsByPath(vault)).get('Folder/C.md') ?? 'no C', 'Other/C.md');
    await eventually(
      async () =>
        (await readText(dir, 'Other/C.md')) !== null && (await readText(dir, 'A.md'))?.includes('[[C|') === true,
      () => lines.join('\n'),
      30_000,
    );
    await mirror.idle();
    expect(await readText(dir, 'A.md')).toBe('See [[C|cee]] and [[c]].\n');
    expect(lines).toContain('mirror: A.md ← relay (links renamed)');
  });
});
