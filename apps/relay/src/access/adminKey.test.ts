import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateAdminKey } from './adminKey';

describe('the admin key file', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('[ACC10, SCALE1] relays starting at once on one data folder end with one key, the one in the file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'baalda-admin-key-'));
    folders.push(folder);
    const file = join(folder, 'data', 'admin.key');
    const keys = await Promise.all([1, 2, 3, 4, 5].map(() => loadOrCreateAdminKey(file)));
    expect(new Set(keys).size).toBe(1);
    expect((await readFile(file, 'utf8')).trim()).toBe(keys[0]);
    expect(await readdir(join(folder, 'data'))).toEqual(['admin.key']);
    expect(await loadOrCreateAdminKey(file)).toBe(keys[0]);
  });
});
