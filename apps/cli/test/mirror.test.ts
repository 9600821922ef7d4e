import { writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EDITOR_FRAGMENT, markdownOfDocument } from '@baalda/markdown';
import {
  appendParagraph,
  eventually,
  type Peer,
  pgliteBackend,
  startTestRelay,
  type TestRelay,
} from 'baalda-relay/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type Mirror, startMirror } from '../src/mirror/startMirror';
import { createRelayClient } from '../src/relayClient';
import {
  type CuttableLink,
  createRemoteNote,
  createTestVault,
  docIdAt,
  freshFolder,
  livePaths,
  openNote,
  randomId,
  readText,
  relayMarkdown,
  removeFolders,
  startCuttableLink,
  type TestVault,
} from './mirrorFixtures';

describe('mirror: a folder kept in step with a vault, both ways', { timeout: 60_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  const mirrors = new Set<Mirror>();
  const peers: Peer[] = [];
  const folders: string[] = [];
  const links: CuttableLink[] = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterEach(async () => {
    await Promise.all([...mirrors].map((mirror) => mirror.stop()));
    mirrors.clear();
    for (const peer of peers.splice(0)) peer.destroy();
    await Promise.all(links.splice(0).map((link) => link.close()));
  });

  afterAll(async () => {
    await relay.close();
    await dispose();
    await removeFolders(folders);
  });

  /** A mirror of `vault` in `dir` (a fresh folder by default), scanning every 50 ms, its lines kept. */
  async function startOn(vault: TestVault, options: { dir?: string; relayUrl?: string } = {}) {
    const dir = options.dir ?? (await freshFolder());
    if (!options.dir) folders.push(dir);
    const client = options.relayUrl
      ? createRelayClient(options.relayUrl, { token: vault.token, vaultId: vault.vaultId })
      : vault.client;
    const lines: string[] = [];
    const mirror = await startMirror({
      dir,
      relay: client,
      intervalMs: 50,
      treePollMs: 2000,
      log: (l) => lines.push(l),
    });
    mirrors.add(mirror);
    return { dir, mirror, lines };
  }

  async function stopMirror(mirror: Mirror): Promise<void> {
    await mirror.stop();
    mirrors.delete(mirror);
  }

  async function peerOn(vault: TestVault, docId: string): Promise<Peer> {
    const peer = await openNote(relay, vault, docId);
    peers.push(peer);
    return peer;
  }

  it('[MIR1][MIR4] the vault’s notes and attachments appear as files; a relay edit rewrites the file', async () => {
    const vault = await createTestVault(relay);
    const { docId } = await createRemoteNote(relay, vault, 'Policies/Refunds.md', (peer) =>
      appendParagraph(peer.doc, 'Refunds within 30 days.'),
    );
    await vault.client.uploadAttachment({
      docId: randomId(),
      path: 'Policies/scan.bin',
      createdAt: Date.now(),
      body: Buffer.from([0, 1, 2, 255]),
    });
    const { dir, mirror, lines } = await startOn(vault);
    await mirror.idle();
    expect(await readText(dir, 'Policies/Refunds.md')).toBe('Refunds within 30 days.\n');
    expect([...(await readFile(join(dir, 'Policies', 'scan.bin')))]).toEqual([0, 1, 2, 255]);
    const peer = await peerOn(vault, docId);
    appendParagraph(peer.doc, 'Ask for the receipt.');
    // The file is in place a moment before its line is written (the folder is synced to disk in between).
    await eventually(
      async () =>
        (await readText(dir, 'Policies/Refunds.md')) === 'Refunds within 30 days.\n\nAsk for the receipt.\n' &&
        lines.includes('mirror: Policies/Refunds.md ← relay (edited)'),
      () => lines.join('\n'),
    );
    expect(lines).toContain('mirror: Policies/Refunds.md ← relay (edited)');
  });
  it('[MIR3] a disk edit and a browser edit made at the same moment both survive, on disk and in the relay', async () => {
    const vault = await createTestVault(relay);
    const { docId } = await createRemoteNote(relay, vault, 'Plan.md', (peer) => {
      appendParagraph(peer.doc, 'Alpha');
      appendParagraph(peer.doc, 'Beta');
    });
    const { dir, mirror, lines } = await startOn(vault);
    await mirror.idle();
    expect(await readText(dir, 'Plan.md')).toBe('Alpha\n\nBeta\n');
    const peer = await peerOn(vault, docId);
    // The browser's edits are on the wire while the file is saved without them: one in the paragraph the
    // disk edit changes too, one a paragraph of its own.
    paragraphText(peer, 0).insert('Alpha'.length, ' (browser)');
    appendParagraph(peer.doc, 'Gamma from the browser');
    await writeFile(join(dir, 'Plan.md'), 'Disk: Alpha\n\nBeta, edited on disk\n');
    const merged = 'Disk: Alpha (browser)\n\nBeta, edited on disk\n\nGamma from the browser\n';
    await eventually(
      async () => (await readText(dir, 'Plan.md')) === merged,
      () => lines.join('\n'),
    );
    await mirror.idle();
    expect(await readText(dir, 'Plan.md')).toBe(merged);
    expect(markdownOfDocument(peer.doc)).toBe(merged);
    expect(await relayMarkdown(relay, vault, docId)).toBe(merged);
  });

  it('[MIR3] a file saved from an old read is merged with what the note gained meanwhile, and rewritten', async () => {
    const vault = await createTestVault(relay);
    const { docId } = await createRemoteNote(relay, vault, 'Plan.md', (peer) => {
      appendParagraph(peer.doc, 'Alpha');
      appendParagraph(peer.doc, 'Beta');
    });
    const { dir, mirror, lines } = await startOn(vault);
    await mirror.idle();
    // Junk in the file holds the relay's next edit back from the disk (MIR4), so the mirror's document is
    // known to be ahead of the file when the person saves the text they read before.
    await writeFile(join(dir, 'Plan.md'), Buffer.from([0]));
    const peer = await peerOn(vault, docId);
    appendParagraph(peer.doc, 'Gamma from the browser');
    const saved = join(dir, '.baalda', 'docs', `${docId}.yjs`);
    await eventually(
      async () => (await savedMarkdown(saved)).includes('Gamma'),
      () => lines.join('\n'),
    );
    await writeFile(join(dir, 'Plan.md'), 'Alpha\n\nBeta, edited on disk\n');
    const merged = 'Alpha\n\nBeta, edited on disk\n\nGamma from the browser\n';
    await eventually(
      async () => (await readText(dir, 'Plan.md')) === merged,
      () => lines.join('\n'),
    );
    await mirror.idle();
    expect(await relayMarkdown(relay, vault, docId)).toBe(merged);
    expect(lines).toContain('mirror: Plan.md ← relay (edited: merged with yours)');
  });

  it('[MIR3] a file that says the note in other Markdown is left as written; the relay gets the normal form', async () => {
    const vault = await createTestVault(relay);
    const { dir, mirror } = await startOn(vault);
    const setext = 'Title\n=====\n\n* one\n* two\n';
    await writeFile(join(dir, 'Forms.md'), setext);
    await mirror.idle();
    const docId = (await docIdAt(vault, 'Forms.md')) ?? '';
    expect(await relayMarkdown(relay, vault, docId)).toBe('# Title\n\n- one\n- two\n');
    expect(await readText(dir, 'Forms.md')).toBe(setext);
    await writeFile(join(dir, 'Forms.md'), 'Title\n=====\n\n+ one\n+ two\n');
    await mirror.idle();
    expect(await readText(dir, 'Forms.md')).toBe('Title\n=====\n\n+ one\n+ two\n');
    expect(await relayMarkdown(relay, vault, docId)).toBe('# Title\n\n- one\n- two\n');
  });

  it('[MIR5] relay renames, moves and trashes reach the disk; a disk delete goes to the trash; a disk rename is a move', async () => {
    const vault = await createTestVault(relay);
    const write = (text: string) => (peer: Peer) => appendParagraph(peer.doc, text);
    const a = await createRemoteNote(relay, vault, 'Inbox/A.md', write('note A'));
    const b = await createRemoteNote(relay, vault, 'Inbox/B.md', write('note B'));
    const c = await createRemoteNote(relay, vault, 'C.md', write('note C'));
    const d = await createRemoteNote(relay, vault, 'D.md', write('note D'));
    const { dir, mirror, lines } = await startOn(vault);
    await mirror.idle();
    await vault.client.apply({ opId: randomId(), kind: 'moveNote', docId: a.docId, path: 'Inbox/A renamed.md' });
    await vault.client.apply({ opId: randomId(), kind: 'moveNote', docId: b.docId, path: 'Archive/B.md' });
    await vault.client.apply({ opId: randomId(), kind: 'trashNote', docId: c.docId });
    await mirror.idle();
    expect(await filesIn(dir)).toEqual(['Archive/B.md', 'D.md', 'Inbox/A renamed.md']);
    expect(await readText(dir, 'Inbox/A renamed.md')).toBe('note A\n');
    expect(await readText(dir, '.baalda/removed/C.md')).toBe('note C\n');
    expect(lines).toContain('mirror: Inbox/A renamed.md ← relay (moved from Inbox/A.md)');

    await rm(join(dir, 'D.md'));
    await mkdir(join(dir, 'Moved'));
    await rename(join(dir, 'Archive', 'B.md'), join(dir, 'Moved', 'B2.md'));
    await mirror.idle();
    expect(await livePaths(vault)).toEqual(['Inbox/A renamed.md', 'Moved/B2.md']);
    expect(await docIdAt(vault, 'Moved/B2.md')).toBe(b.docId);
    const trashed = (await vault.client.trash()).notes.map((note) => note.docId);
    expect(trashed.sort()).toEqual([c.docId, d.docId].sort());
    expect(lines).toContain('mirror: D.md → relay (trashed)');
    expect(lines).toContain('mirror: Moved/B2.md → relay (moved from Archive/B.md)');
  });

  it('[MIR5] a file renamed while its note was trashed elsewhere is set aside, and a restore before the answer brings the note back at its path', async () => {
    const vault = await createTestVault(relay);
    const note = await createRemoteNote(relay, vault, 'A.md', (peer) => appendParagraph(peer.doc, 'note A'));
    const link = await startCuttableLink(relay.port);
    links.push(link);
    const { dir, mirror, lines } = await startOn(vault, { relayUrl: link.url });
    await mirror.idle();
    link.cut();
    await vault.client.apply({ opId: randomId(), kind: 'trashNote', docId: note.docId });
    await rename(join(dir, 'A.md'), join(dir, 'B.md'));
    await eventually(
      async () => (await readText(dir, '.baalda/state.json'))?.includes('"path": "B.md"') === true,
      () => lines.join('\n'),
    );
    // The move reaches the relay and is refused (NOTE_IN_TRASH); its answer is lost, and the note is restored
    // before the mirror resends the move and hears the refusal again (OP3).
    const lost = link.loseAnswerTo(/moveNote/);
    link.restore();
    let answerLost = false;
    void lost.then(() => {
      answerLost = true;
    });
    await eventually(
      () => answerLost,
      () => `the mirror's move never passed the link:\n${lines.join('\n')}`,
      30_000,
    );
    await vault.client.apply({ opId: randomId(), kind: 'restoreNote', docId: note.docId });
    await mirror.idle();
    expect(await livePaths(vault)).toEqual(['A.md']);
    expect(await filesIn(dir)).toEqual(['A.md']);
    expect(await readText(dir, 'A.md')).toBe('note A\n');
    expect(await readText(dir, '.baalda/removed/B.md')).toBe('note A\n');
    expect(lines).toContain(
      'mirror: B.md not moved on the relay: it is in the trash or gone there; the file is kept in .baalda/removed/B.md',
    );
  });

  // Found by the system suite (long seed 100537): while the mirror was stopped, a person renamed A's file away
  // and deleted it, moved B's file onto A's old path and edited it. Taken as an edit of A, B's text replaced
  // A's, and B went to the trash.
  it("[MIR5] a file moved onto the path of a note whose file went away while the mirror was stopped, then edited, is that file's note", async () => {
    const vault = await createTestVault(relay);
    const text =
      (...lines: string[]) =>
      (peer: Peer) => {
        for (const line of lines) appendParagraph(peer.doc, line);
      };
    const a = await createRemoteNote(relay, vault, 'Notes/Draft.md', text('Groceries', 'Apples and pears.'));
    const b = await createRemoteNote(
      relay,
      vault,
      'Desk/Week.md',
      text('Week plan', 'Monday: write the report.', 'Tuesday: review it with Anna.'),
    );
    const first = await startOn(vault);
    await first.mirror.idle();
    await stopMirror(first.mirror);
    await rename(join(first.dir, 'Notes/Draft.md'), join(first.dir, 'Notes/Old.md'));
    await rm(join(first.dir, 'Notes/Old.md'));
    await rename(join(first.dir, 'Desk/Week.md'), join(first.dir, 'Notes/Draft.md'));
    const moved = `${await readText(first.dir, 'Notes/Draft.md')}\nWednesday: send it.\n`;
    await writeFile(join(first.dir, 'Notes/Draft.md'), moved);
    const second = await startOn(vault, { dir: first.dir });
    await second.mirror.idle();
    expect(await livePaths(vault)).toEqual(['Notes/Draft.md']);
    expect(await docIdAt(vault, 'Notes/Draft.md')).toBe(b.docId);
    expect(await relayMarkdown(relay, vault, b.docId)).toBe(
      'Week plan\n\nMonday: write the report.\n\nTuesday: review it with Anna.\n\nWednesday: send it.\n',
    );
    expect((await vault.client.trash()).notes.map((note) => note.docId)).toEqual([a.docId]);
    expect(await relayMarkdown(relay, vault, a.docId)).toBe('Groceries\n\nApples and pears.\n');
    expect(await filesIn(first.dir)).toEqual(['Notes/Draft.md']);
  });

  // Found by the system suite (long seed 100051): taken as an edit, the new file's text replaced the old note's.
  it('[MIR5] a file deleted and made anew at its path while the mirror was stopped is a new note; the old one goes to the trash whole', async () => {
    const vault = await createTestVault(relay);
    const old = await createRemoteNote(relay, vault, 'Draft.md', (peer) => appendParagraph(peer.doc, 'Old plans.'));
    const first = await startOn(vault);
    await first.mirror.idle();
    await stopMirror(first.mirror);
    await rm(join(first.dir, 'Draft.md'));
    await writeFile(join(first.dir, 'Draft.md'), 'Something else entirely.\n');
    const second = await startOn(vault, { dir: first.dir });
    await second.mirror.idle();
    expect(await livePaths(vault)).toEqual(['Draft.md']);
    const made = (await docIdAt(vault, 'Draft.md')) ?? 'no note at Draft.md';
    expect(made).not.toBe(old.docId);
    expect(await relayMarkdown(relay, vault, made)).toBe('Something else entirely.\n');
    expect((await vault.client.trash()).notes.map((note) => note.docId)).toEqual([old.docId]);
    expect(await relayMarkdown(relay, vault, old.docId)).toBe('Old plans.\n');
    // Once the mirror watches, a file rewritten whole is an edit of its note, as any save is.
    await writeFile(join(first.dir, 'Draft.md'), 'A third text.\n');
    await second.mirror.idle();
    expect(await docIdAt(vault, 'Draft.md')).toBe(made);
    expect(await relayMarkdown(relay, vault, made)).toBe('A third text.\n');
  });

  it('[MIR7] a file a person makes or renames at the path of a relay note not written here yet is its own note, never merged into that one', async () => {
    const vault = await createTestVault(relay);
    const link = await startCuttableLink(relay.port);
    links.push(link);
    const { dir, mirror, lines } = await startOn(vault, { relayUrl: link.url });
    await writeFile(join(dir, 'Mine.md'), 'renamed by the person\n');
    await mirror.idle();
    // The mirror hears of both notes from the tree, but can't sync their documents, so writes neither.
    link.refuseSync();
    const made = await createRemoteNote(relay, vault, 'Made.md', (peer) => appendParagraph(peer.doc, 'from alice'));
    const aimed = await createRemoteNote(relay, vault, 'Aimed.md', (peer) => appendParagraph(peer.doc, 'from bob'));
    await eventually(
      async () => {
        const state = (await readText(dir, '.baalda/state.json')) ?? '';
        return state.includes(made.docId) && state.includes(aimed.docId);
      },
      () => lines.join('\n'),
    );
    await writeFile(join(dir, 'Made.md'), 'new from the person\n');
    await rename(join(dir, 'Mine.md'), join(dir, 'Aimed.md'));
    await eventually(
      async () => (await livePaths(vault)).length === 4,
      () => lines.join('\n'),
    );
    link.allowSync();
    await mirror.idle();
    const paths = await livePaths(vault);
    const madeCopy = paths.find((path) => path.startsWith('Made (conflict ')) ?? '';
    const aimedCopy = paths.find((path) => path.startsWith('Aimed (conflict ')) ?? '';
    expect(paths).toEqual(['Aimed.md', aimedCopy, 'Made.md', madeCopy].sort());
    expect(await filesIn(dir)).toEqual(paths);
    expect(await relayMarkdown(relay, vault, made.docId)).toBe('from alice\n');
    expect(await relayMarkdown(relay, vault, aimed.docId)).toBe('from bob\n');
    expect(await readText(dir, 'Made.md')).toBe('from alice\n');
    expect(await readText(dir, 'Aimed.md')).toBe('from bob\n');
    expect(await readText(dir, madeCopy)).toBe('new from the person\n');
    expect(await readText(dir, aimedCopy)).toBe('renamed by the person\n');
    expect(lines).toContain(
      `mirror: Aimed.md not moved on the relay: another entry holds that path (CN4); renamed to "${aimedCopy}"`,
    );
  });

  it('[MIR7] a file a person puts where a relay attachment is not downloaded yet is a new attachment, never its new version', async () => {
    const vault = await createTestVault(relay);
    const link = await startCuttableLink(relay.port);
    links.push(link);
    const { dir, mirror, lines } = await startOn(vault, { relayUrl: link.url });
    await mirror.idle();
    const docId = randomId();
    const lost = link.loseAnswerTo(new RegExp(`${docId}\\?download=1`));
    await vault.client.uploadAttachment({
      docId,
      path: 'scan.bin',
      createdAt: Date.now(),
      body: Buffer.from([1, 2, 3]),
    });
    await lost;
    // The mirror runs in this process: nothing of it runs before this save, made as its download failed.
    writeFileSync(join(dir, 'scan.bin'), Buffer.from([9, 9]));
    await mirror.idle();
    const paths = await livePaths(vault);
    const copy = paths.find((path) => path.startsWith('scan (conflict ')) ?? '';
    expect(paths).toEqual([copy, 'scan.bin']);
    expect(await docIdAt(vault, 'scan.bin')).toBe(docId);
    expect((await vault.client.trash()).notes).toEqual([]);
    expect([...(await readFile(join(dir, 'scan.bin')))]).toEqual([1, 2, 3]);
    expect([...(await readFile(join(dir, ...copy.split('/'))))]).toEqual([9, 9]);
    expect(lines.join('\n')).toContain(`scan.bin → relay (created as "${copy}"`);
  });

  it('[MIR6][MIR2] junk, a refused path and 100 MB files: one line each, files untouched, later edits still sync', async () => {
    const vault = await createTestVault(relay);
    const { dir, mirror, lines } = await startOn(vault);
    const junk = Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28]);
    await writeFile(join(dir, 'junk.md'), junk);
    await writeFile(join(dir, 'latin1.md'), Buffer.from('café', 'latin1'));
    await writeFile(join(dir, 'a:b.md'), 'colon\n');
    for (const name of ['huge.bin', 'huge.md']) {
      await writeFile(join(dir, name), '');
      await truncate(join(dir, name), 100 * 1024 * 1024);
    }
    for (const name of ['.fine.md.swp', 'fine.md~', '4913', '#fine.md#', 'draft.tmp', '.DS_Store']) {
      await writeFile(join(dir, name), 'editor scratch');
    }
    await writeFile(join(dir, 'fine.md'), 'fine\n');
    await mirror.idle();
    await mirror.idle();
    expect(await livePaths(vault)).toEqual(['fine.md']);
    const refusals = lines.filter((line) => line.includes('not synced'));
    expect(refusals.sort()).toEqual([
      expect.stringMatching(/^mirror: a:b\.md not synced: PATH5: /),
      'mirror: huge.bin not synced: is 100 MiB, over the 50 MiB attachment limit (LIM12, MIR6)',
      'mirror: huge.md not synced: is 100 MiB, over the 2 MiB a note may hold (LIM1, MIR6)',
      'mirror: junk.md not synced: holds NUL bytes, so it is not text (MIR6)',
      'mirror: latin1.md not synced: is not valid UTF-8 text (MIR6)',
    ]);
    expect(await readFile(join(dir, 'junk.md'))).toEqual(junk);
    expect((await stat(join(dir, 'huge.bin'))).size).toBe(100 * 1024 * 1024);

    await writeFile(join(dir, 'fine.md'), 'fine, edited\n');
    await writeFile(join(dir, 'junk.md'), 'now it is text\n');
    await mirror.idle();
    expect(await livePaths(vault)).toEqual(['fine.md', 'junk.md']);
    expect(await relayMarkdown(relay, vault, (await docIdAt(vault, 'fine.md')) ?? '')).toBe('fine, edited\n');
    expect(lines.filter((line) => line.includes('not synced'))).toHaveLength(5);
  });

  it('[MIR7][MIR8] offline, a note made at a path another device took meanwhile ends as two notes, both on disk', async () => {
    const vault = await createTestVault(relay);
    const link = await startCuttableLink(relay.port);
    links.push(link);
    const { dir, mirror, lines } = await startOn(vault, { relayUrl: link.url });
    await mirror.idle();
    link.cut();
    await writeFile(join(dir, 'Plan.md'), 'from the mirror\n');
    await eventually(
      async () => (await readText(dir, '.baalda/state.json'))?.includes('"path": "Plan.md"') === true,
      () => lines.join('\n'),
    );
    const remote = await createRemoteNote(relay, vault, 'Plan.md', (peer) =>
      appendParagraph(peer.doc, 'from the browser'),
    );
    link.restore();
    await mirror.idle();
    const paths = await livePaths(vault);
    const conflict = paths.find((path) => path !== 'Plan.md') ?? '';
    expect(conflict).toMatch(/^Plan \(conflict \d{4}-\d{2}-\d{2}\)\.md$/);
    expect(paths).toEqual([conflict, 'Plan.md']);
    expect(await docIdAt(vault, 'Plan.md')).toBe(remote.docId);
    expect(await readText(dir, 'Plan.md')).toBe('from the browser\n');
    expect(await readText(dir, conflict)).toBe('from the mirror\n');
    expect(await relayMarkdown(relay, vault, (await docIdAt(vault, conflict)) ?? '')).toBe('from the mirror\n');
    expect(lines).toContain(
      `mirror: Plan.md → relay (created as "${conflict}": another entry took that path first (CN1))`,
    );
    expect(lines.some((line) => line.startsWith('mirror: relay unreachable'))).toBe(true);
  });

  it('[MIR8] edits, deletes and new files made offline survive a restart while still offline, then reach the relay', async () => {
    const vault = await createTestVault(relay);
    const kept = await createRemoteNote(relay, vault, 'Log.md', (peer) => appendParagraph(peer.doc, 'first line'));
    const gone = await createRemoteNote(relay, vault, 'Old.md', (peer) => appendParagraph(peer.doc, 'old'));
    const link = await startCuttableLink(relay.port);
    links.push(link);
    const first = await startOn(vault, { relayUrl: link.url });
    await first.mirror.idle();
    link.cut();
    await writeFile(join(first.dir, 'Log.md'), 'first line\n\nwritten offline\n');
    await rm(join(first.dir, 'Old.md'));
    await writeFile(join(first.dir, 'New.md'), 'new offline\n');
    await stopMirror(first.mirror);
    const second = await startOn(vault, { dir: first.dir, relayUrl: link.url });
    expect(second.lines.some((line) => line.startsWith('mirror: relay unreachable'))).toBe(true);
    link.restore();
    await second.mirror.idle();
    expect(await livePaths(vault)).toEqual(['Log.md', 'New.md']);
    expect(await relayMarkdown(relay, vault, kept.docId)).toBe('first line\n\nwritten offline\n');
    expect((await vault.client.trash()).notes.map((note) => note.docId)).toEqual([gone.docId]);
  });

  it('[MIR8][MIR7] a restart adds nothing twice, and a folder that lost .baalda/ is linked to the vault, not copied', async () => {
    const vault = await createTestVault(relay);
    await createRemoteNote(relay, vault, 'A.md', (peer) => appendParagraph(peer.doc, 'from the relay'));
    await vault.client.uploadAttachment({
      docId: randomId(),
      path: 'img.bin',
      createdAt: Date.now(),
      body: Buffer.from('img'),
    });
    const first = await startOn(vault);
    await first.mirror.idle();
    await writeFile(join(first.dir, 'B.md'), 'from the disk\n');
    await writeFile(join(first.dir, 'pic.bin'), 'pic');
    await first.mirror.idle();
    const ids = async () => (await vault.client.tree()).notes.map((note) => `${note.path} ${note.docId}`).sort();
    const before = await ids();
    expect(before).toHaveLength(4);
    await stopMirror(first.mirror);
    const second = await startOn(vault, { dir: first.dir });
    await second.mirror.idle();
    expect(await ids()).toEqual(before);
    await stopMirror(second.mirror);
    await rm(join(first.dir, '.baalda'), { recursive: true });
    const third = await startOn(vault, { dir: first.dir });
    await third.mirror.idle();
    expect(await ids()).toEqual(before);
    expect(third.lines.filter((line) => line.includes(' = relay (the same on both sides'))).toHaveLength(4);
  });
});

/** The XmlText of the note's `index`th paragraph (as Tiptap stores it), to edit inside a paragraph. */
function paragraphText(peer: Peer, index: number): Y.XmlText {
  const paragraph = peer.doc.getXmlFragment(EDITOR_FRAGMENT).get(index) as Y.XmlElement;
  return paragraph.get(0) as Y.XmlText;
}

/** The Markdown of a note's document as the mirror saved it in `.baalda/docs/`. */
async function savedMarkdown(path: string): Promise<string> {
  const doc = new Y.Doc();
  const state = await readFile(path).catch(() => null);
  if (state) Y.applyUpdate(doc, state);
  return markdownOfDocument(doc);
}

/** Every file under `dir` but the mirror's own, as vault paths, sorted. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((path) => !path.startsWith('.baalda'))
    .sort();
}
