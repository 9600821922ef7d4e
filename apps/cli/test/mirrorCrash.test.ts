import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  appendParagraph,
  collectLines,
  eventually,
  pgliteBackend,
  startTestRelay,
  type TestRelay,
} from 'baalda-relay/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createRemoteNote,
  createTestVault,
  freshFolder,
  readText,
  relayMarkdown,
  removeFolders,
  type TestVault,
} from './mirrorFixtures';

// The CLI's bundle, built once per run and started with plain Node (see cliBundleSetup.ts).
const CLI = inject('cliBundle');
const ROOT = join(import.meta.dirname, '..', '..', '..');

// The CLI's own variables are dropped so the machine running the tests can't change what they see.
const { BAALDA_TOKEN, BAALDA_RELAY_URL, ...quietEnv } = process.env;

/** `npm run baalda -- mirror …` as a child process, its stderr lines kept. */
interface MirrorProcess {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly exited: Promise<number | null>;
}

// Each mirror is a process of its own, killed and started again, so this file gets more than the default 30 s.
describe('mirror: killed and restarted, as a child process', { timeout: 120_000 }, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  const folders: string[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await relay.close();
    await dispose();
    await removeFolders(folders);
  });

  function spawnMirror(vault: Pick<TestVault, 'token' | 'vaultId'>, dir: string): MirrorProcess {
    const args = ['mirror', '--url', relay.httpUrl, '--token', vault.token, '--vault', vault.vaultId];
    // Node itself, not a wrapper such as tsx's, which would run the CLI in a child process of its own that a
    // SIGKILL of the wrapper would leave running.
    const child = spawn(process.execPath, [CLI, ...args, dir, '--interval', '100'], {
      cwd: ROOT,
      env: quietEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const lines: string[] = [];
    collectLines(child.stderr, lines);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, lines, exited };
  }

  async function kill(mirror: MirrorProcess): Promise<void> {
    mirror.child.kill('SIGKILL');
    await mirror.exited;
  }

  it('[MIR9][MIR8][MIR10] killed mid-download and right after a disk edit: no partial file, no duplicate, no lost edit', async () => {
    const vault = await createTestVault(relay);
    const expected = new Map<string, string>();
    for (let index = 0; index < 30; index += 1) {
      const text = `Note ${index} ${'has some words in it '.repeat(40).trim()}`;
      await createRemoteNote(relay, vault, `Relay/Note ${index}.md`, (peer) => appendParagraph(peer.doc, text));
      expected.set(`Relay/Note ${index}.md`, `${text}\n`);
    }
    const dir = await freshFolder();
    folders.push(dir);

    // Killed while it writes the relay's notes: whatever is on disk is whole.
    const first = spawnMirror(vault, dir);
    await eventually(
      async () => (await notesIn(dir)).length >= 3,
      () => first.lines.join('\n'),
      30_000,
    );
    await kill(first);
    for (const path of await notesIn(dir)) expect(await readText(dir, path)).toBe(expected.get(path));

    // Restarted, it finishes; then new files and an edit, and a kill right after the edit was taken in.
    const second = spawnMirror(vault, dir);
    await eventually(
      async () => (await notesIn(dir)).length === 30,
      () => second.lines.join('\n'),
      30_000,
    );
    for (let index = 0; index < 20; index += 1) {
      const text = `Local ${index}\n`;
      await writeFile(join(dir, `Local ${index}.md`), text);
      expected.set(`Local ${index}.md`, text);
    }
    const edited = `${expected.get('Relay/Note 0.md')}\nEdited on disk just before the kill.\n`;
    await writeFile(join(dir, 'Relay', 'Note 0.md'), edited);
    expected.set('Relay/Note 0.md', edited);
    await eventually(
      () => second.lines.includes('mirror: Relay/Note 0.md → relay (edited)'),
      () => second.lines.join('\n'),
      30_000,
    );
    await kill(second);

    // Restarted again: every note once, every text whole, the edit on the relay; then a clean stop.
    const third = spawnMirror(vault, dir);
    const paths = async () => (await vault.client.tree()).notes.map((note) => note.path).sort();
    const wanted = [...expected.keys()].sort();
    // The relay's tree is already right from the second run: wait for the third to be running too, or the
    // checks below would pass on the second run's work and the SIGTERM would land before it starts.
    await eventually(
      async () =>
        third.lines.some((line) => line.startsWith('mirror: watching ')) &&
        (await paths()).join('\n') === wanted.join('\n'),
      () => third.lines.join('\n'),
      30_000,
    );
    expect(await notesIn(dir)).toEqual(wanted);
    for (const [path, text] of expected) expect(await readText(dir, path)).toBe(text);
    const tree = (await vault.client.tree()).notes;
    for (const note of tree.filter((entry) => entry.path.startsWith('Local') || entry.path === 'Relay/Note 0.md')) {
      const text = expected.get(note.path) ?? '';
      await eventually(
        async () => (await relayMarkdown(relay, vault, note.docId)) === text,
        () => `${note.path} on the relay`,
      );
    }
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(third.lines.at(-1)).toBe('mirror: stopped; everything is saved in .baalda/');
  });

  it('[MIR10] a token the relay refuses stops the start: one line, exit code 1, nothing written', async () => {
    const dir = await freshFolder();
    folders.push(dir);
    const refused = spawnMirror({ token: `baalda_pat_${'A'.repeat(43)}`, vaultId: 'default' }, dir);
    expect(await refused.exited).toBe(1);
    expect(refused.lines).toEqual([expect.stringMatching(/^mirror: UNAUTHENTICATED: /)]);
    expect(await notesIn(dir)).toEqual([]);
  });
});

/**
 * Every file under `dir` but the mirror's own, as vault paths, sorted (a stray partial file would show).
 * The mirror's `.baalda` folder is never entered: a running mirror creates and removes files there, and
 * a scan inside it could meet a folder that was just removed.
 */
async function notesIn(dir: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(dir, under), { withFileTypes: true });
  const paths = await Promise.all(
    entries
      .filter((entry) => !(under === '' && entry.name === '.baalda'))
      .map(async (entry) => {
        const path = under === '' ? entry.name : `${under}/${entry.name}`;
        if (entry.isDirectory()) return notesIn(dir, path);
        return entry.isFile() ? [path] : [];
      }),
  );
  return paths.flat().sort();
}
