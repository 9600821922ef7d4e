import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitTempFile, TEMP_MARK, tempPathFor, writeFileAtomically, writeFilePlaced } from './atomicWrite';

const folders: string[] = [];

async function freshFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'baalda-atomic-'));
  folders.push(folder);
  return folder;
}

async function* chunksOf(...texts: string[]): AsyncIterable<Uint8Array> {
  for (const text of texts) yield new TextEncoder().encode(text);
}

afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('writeFileAtomically', () => {
  it('[CLI6, MIR9, XFER3] writes text, bytes or a stream whole, making folders, and leaves no temporary file', async () => {
    const dir = await freshFolder();
    expect(await writeFileAtomically(join(dir, 'a', 'b.md'), 'text')).toBe(true);
    expect(await writeFileAtomically(join(dir, 'bytes'), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(await writeFileAtomically(join(dir, 'stream'), chunksOf('one ', 'two'))).toBe(true);
    expect(await readFile(join(dir, 'a', 'b.md'), 'utf8')).toBe('text');
    expect([...(await readFile(join(dir, 'bytes')))]).toEqual([1, 2, 3]);
    expect(await readFile(join(dir, 'stream'), 'utf8')).toBe('one two');
    expect((await readdir(dir, { recursive: true })).filter((name) => name.includes(TEMP_MARK))).toEqual([]);
  });

  it('[CLI6, MIR9] `replace` renames over a file; `create` never overwrites one and answers false', async () => {
    const dir = await freshFolder();
    const target = join(dir, 'note.md');
    await writeFile(target, 'old');
    expect(await writeFileAtomically(target, 'new', { mode: 'create' })).toBe(false);
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await writeFileAtomically(target, 'new')).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['note.md']);
  });

  it("[MIR3, MIR9] writeFilePlaced answers the placed bytes' size and time, which a save made into the file since does not keep", async () => {
    const dir = await freshFolder();
    const target = join(dir, 'note.md');
    const placed = await writeFilePlaced(target, 'from the relay\n', { mode: 'create' });
    const now = await lstat(target);
    expect(placed).toEqual({ size: now.size, mtimeMs: now.mtimeMs });
    // A person's save of the same length, in place, right after: the file is no longer what was placed.
    await writeFile(target, 'from a person\n\n');
    const saved = await lstat(target);
    expect(saved.size !== placed?.size || saved.mtimeMs !== placed?.mtimeMs).toBe(true);
    expect(await writeFilePlaced(target, 'again', { mode: 'create' })).toBeNull();
  });

  it('[MIR4] mayReplace is asked once the bytes are written; false leaves the target as it is', async () => {
    const dir = await freshFolder();
    const temps = await freshFolder();
    const target = join(dir, 'note.md');
    await writeFile(target, 'edited meanwhile');
    const seen: string[][] = [];
    const mayReplace = async () => {
      seen.push(await readdir(temps));
      return false;
    };
    expect(await writeFileAtomically(target, 'from the relay', { tempDir: temps, mayReplace })).toBe(false);
    expect(seen).toEqual([[expect.stringContaining(`note.md${TEMP_MARK}`)]]);
    expect(await readFile(target, 'utf8')).toBe('edited meanwhile');
    expect(await readdir(temps)).toEqual([]);
  });

  it('[CLI6, XFER3] a temporary file another writer finished is committed into place and is gone afterwards', async () => {
    const dir = await freshFolder();
    const target = join(dir, 'vault.zip');
    const temp = tempPathFor(target);
    await writeFile(temp, 'zip bytes');
    expect(await commitTempFile(temp, target)).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('zip bytes');
    expect(await readdir(dir)).toEqual(['vault.zip']);
  });

  it('[CLI6, MIR9] a failing stream leaves neither the target nor a temporary file', async () => {
    const dir = await freshFolder();
    async function* broken(): AsyncIterable<Uint8Array> {
      yield new Uint8Array([1]);
      throw new Error('connection lost');
    }
    await expect(writeFileAtomically(join(dir, 'file.pdf'), broken())).rejects.toThrow('connection lost');
    expect(await readdir(dir)).toEqual([]);
  });
});
