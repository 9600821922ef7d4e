import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scanDisk } from './diskScan';

// A file shuttled between two folders by another process, as fast as it can: a scan that reads the folders
// one by one can miss it at both names. Such a scan must call itself unsettled; a settled one sees it once.
const SHUTTLE = `
const { renameSync } = require('node:fs');
const [a, b] = process.argv.slice(1);
process.stdout.write('ready\\n');
for (;;) {
  try { renameSync(a, b); renameSync(b, a); } catch {}
}
`;

describe('scanDisk', () => {
  const cleanups: Array<() => Promise<void>> = [];
  // Last pushed, first run: the shuttle stops (and has exited) before its folder is removed, or a rename
  // landing during the removal makes it fail with ENOTEMPTY.
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('[MIR5] a scan during which a file moves between folders is unsettled, and a settled scan sees the file once', async () => {
    const root = await mkdtemp(join(tmpdir(), 'baalda-scan-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    await mkdir(join(root, 'A'));
    await mkdir(join(root, 'Z'));
    await writeFile(join(root, 'A/note.md'), 'moving\n');
    await writeFile(join(root, 'still.md'), 'still\n');
    const shuttle = spawn(process.execPath, ['-e', SHUTTLE, join(root, 'A/note.md'), join(root, 'Z/note.md')]);
    cleanups.push(async () => {
      if (shuttle.exitCode !== null || shuttle.signalCode !== null) return;
      const exited = new Promise((resolve) => shuttle.once('exit', resolve));
      shuttle.kill('SIGKILL');
      await exited;
    });
    await new Promise((resolve) => shuttle.stdout.once('data', resolve));
    // Scans until the shuttle has been caught mid-move at least once (a condition, not a count of tries).
    let unsettledScans = 0;
    for (let scan = 0; scan < 100 || unsettledScans === 0; scan += 1) {
      const { disk, settled } = await scanDisk(root);
      expect(disk.has('still.md')).toBe(true);
      if (!settled) {
        unsettledScans += 1;
        continue;
      }
      expect([disk.has('A/note.md'), disk.has('Z/note.md')].filter(Boolean)).toHaveLength(1);
    }
  });

  it('[MIR5] a folder nobody touches scans settled at the first try', async () => {
    const root = await mkdtemp(join(tmpdir(), 'baalda-scan-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    await mkdir(join(root, 'Notes/Deep'), { recursive: true });
    await writeFile(join(root, 'Notes/Deep/a.md'), 'a\n');
    await writeFile(join(root, 'b.md'), 'b\n');
    const { disk, settled } = await scanDisk(root);
    expect(settled).toBe(true);
    expect([...disk.keys()].sort()).toEqual(['Notes/Deep/a.md', 'b.md']);
  });
});
