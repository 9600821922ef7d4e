import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  collectLines,
  eventually,
  isRefusalLine,
  type Logger,
  pgliteBackend,
  recordingLogger,
  startTestRelay,
  type TestRelay,
} from 'baalda-relay/testing';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { readTexts } from './bulkNotes';
import { createTestVault, freshFolder, readText, removeFolders, type TestVault } from './mirrorFixtures';

const NOTES = 2000;
// The mirror as its own process, as people run it: the relay and the mirror each get a core.
const CLI = inject('cliBundle');
const { BAALDA_TOKEN, BAALDA_RELAY_URL, ...quietEnv } = process.env;
const pathOf = (index: number) => `Vault ${index % 20}/note ${index}.md`;
const textOf = (index: number) => `Note ${index} says hello from the bulk test.`;

function recordWarnings(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  // Hocuspocus warns on the console before it resets a connection (too many pending documents).
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  return { lines, logger: recordingLogger(lines) };
}

describe(`mirror: a first run of ${NOTES} notes, both ways, within the relay's default limits`, {
  timeout: 600_000,
}, () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let warnings: ReturnType<typeof recordWarnings>;
  const folders: string[] = [];
  const mirrors: ChildProcess[] = [];
  // The vault the disk → relay run filled; the relay → disk run mirrors it, so the relay's ${NOTES} notes are
  // written once, by a mirror, rather than a second time by the test.
  let filledVault: TestVault | null = null;

  beforeAll(async () => {
    warnings = recordWarnings();
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target, { logger: warnings.logger });
  });

  afterAll(async () => {
    for (const mirror of mirrors) mirror.kill('SIGKILL');
    vi.restoreAllMocks();
    await relay?.close();
    await dispose?.();
    await removeFolders(folders);
  });

  /** Starts `mirror <dir>` as a child process; resolves with the seconds until `isDone` holds. */
  async function timeMirror(dir: string, vault: TestVault, isDone: (lines: readonly string[]) => Promise<boolean>) {
    const lines: string[] = [];
    const started = Date.now();
    const args = ['mirror', '--url', relay.httpUrl, '--token', vault.token, '--vault', vault.vaultId, dir];
    const child = spawn(process.execPath, [CLI, ...args, '--interval', '200'], { env: quietEnv, stdio: 'pipe' });
    mirrors.push(child);
    collectLines(child.stderr, lines);
    await eventually(
      () => isDone(lines),
      () => `not done; the mirror said last: ${lines.slice(-3).join(' | ')}`,
      540_000,
    );
    child.kill('SIGTERM');
    return { lines, seconds: (Date.now() - started) / 1000 };
  }

  it(`[SW1][MIR5][MIR11] a folder of ${NOTES} Markdown files into an empty vault: every file a note with its text, nothing refused`, async () => {
    const vault = await createTestVault(relay);
    const dir = await freshFolder();
    folders.push(dir);
    for (let folder = 0; folder < 20; folder += 1) await mkdir(join(dir, `Vault ${folder}`), { recursive: true });
    for (let index = 0; index < NOTES; index += 1) await writeFile(join(dir, pathOf(index)), `${textOf(index)}\n`);
    const acknowledged = (lines: readonly string[]) => lines.filter((line) => line.includes('→ relay (created)'));
    const run = await timeMirror(dir, vault, async (lines) => acknowledged(lines).length === NOTES);
    console.info(`[SW1] first mirror run, disk → relay, ${NOTES} notes: ${run.seconds.toFixed(1)} s`);
    const tree = await vault.client.tree();
    const byPath = new Map(tree.notes.map((note) => [note.path, note.docId]));
    expect(byPath.size).toBe(NOTES);
    const texts = await readTexts(vault.client, [...byPath.values()]);
    for (let index = 0; index < NOTES; index += 1) {
      expect(texts.get(byPath.get(pathOf(index)) ?? '')).toBe(`${textOf(index)}\n`);
    }
    expect(warnings.lines.filter(isRefusalLine)).toEqual([]);
    filledVault = vault;
  });

  it(`[SW1][MIR1][MIR12] that vault of ${NOTES} notes into an empty folder: every note a file with the vault's text, nothing refused`, async () => {
    if (!filledVault) throw new Error('the test above left no vault of notes to mirror: see its failure');
    const vault = filledVault;
    const paths = Array.from({ length: NOTES }, (_, index) => pathOf(index));
    const dir = await freshFolder();
    folders.push(dir);
    const written = async () => (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.md')).length;
    const { seconds, lines } = await timeMirror(dir, vault, async () => (await written()) === NOTES);
    console.info(`[SW1] first mirror run, relay → disk, ${NOTES} notes: ${seconds.toFixed(1)} s`);
    for (const [index, path] of paths.entries()) expect(await readText(dir, path)).toBe(`${textOf(index)}\n`);
    expect(lines.some((line) => line.includes('notes in step with the relay'))).toBe(true);
    expect(warnings.lines.filter(isRefusalLine)).toEqual([]);
  });
});
