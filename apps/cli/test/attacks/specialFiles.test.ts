import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { mirrorTest as test } from '../mirrorHarness';
import { runTransfer, writeTree } from '../transferHarness';

// A vault folder from elsewhere (a shared drive, a cloned repository) can hold links to files its owner
// never meant to share and pipes that block whoever opens them. Import and the mirror read regular files only.
const SECRET = 'ssh-ed25519 the operator’s private key';

async function plantSpecialFiles(dir: string, outside: string): Promise<void> {
  await writeTree(dir, { 'Kept.md': 'An ordinary note.\n' });
  await writeFile(join(outside, 'id_ed25519'), SECRET);
  await mkdir(join(outside, 'home'), { recursive: true });
  await writeFile(join(outside, 'home', 'diary.md'), SECRET);
  await symlink(join(outside, 'id_ed25519'), join(dir, 'Key.md'));
  await symlink(join(outside, 'id_ed25519'), join(dir, 'key.txt'));
  await symlink(join(outside, 'home'), join(dir, 'Home'));
  // A FIFO: opening it for reading blocks until someone writes, so a reader that opened it would hang here.
  execFileSync('mkfifo', [join(dir, 'Pipe.md')]);
}

describe('[XFER4, MIR2] special files in a folder from elsewhere', { timeout: 60_000 }, () => {
  test('[XFER4] import skips symbolic links (to files and to folders) and FIFOs, naming each, and uploads none of their bytes', async ({
    relay,
    vault,
    folder,
  }) => {
    const source = join(folder, 'source');
    const outside = join(folder, 'outside');
    await mkdir(outside, { recursive: true });
    await plantSpecialFiles(source, outside);
    const imported = await runTransfer(relay, 'import', [source], {}, vault);
    expect(imported.code).toBe(1);
    expect(imported.stderr.join('\n')).toMatch(/Key\.md \(a symbolic link\)/);
    expect(imported.stderr.join('\n')).toMatch(/Home \(a symbolic link\)/);
    expect(imported.stderr.join('\n')).toMatch(/Pipe\.md \(not a regular file\)/);
    const paths = (await vault.client.tree()).notes.map((entry) => entry.path);
    expect(paths).toEqual(['Kept.md']);
  });

  test('[MIR2] the mirror leaves symbolic links and FIFOs on disk alone and sends nothing of them', async ({
    relay,
    vault,
    folder,
    inProcess,
  }) => {
    const dir = join(folder, 'mirror');
    const outside = join(folder, 'outside');
    await mkdir(outside, { recursive: true });
    await plantSpecialFiles(dir, outside);
    const { mirror } = await inProcess.start(dir, relay.httpUrl);
    await mirror.idle();
    const paths = (await vault.client.tree()).notes.map((entry) => entry.path);
    expect(paths).toEqual(['Kept.md']);
    expect(JSON.stringify(await vault.client.tree())).not.toContain('id_ed25519');
  });
});
