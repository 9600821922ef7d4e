import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// Every module a search goes through, in the relay and in core (the web's offline search uses core's).
const SEARCH_DIRECTORIES = ['apps/relay/src/search', 'packages/core/src/search', 'apps/web/lib/search'];

async function sourcesUnder(directory: string): Promise<Array<{ file: string; text: string }>> {
  const entries = await readdir(join(ROOT, directory), { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name));
  return Promise.all(
    files.map(async (entry) => {
      const file = join(entry.parentPath, entry.name);
      return { file, text: await readFile(file, 'utf8') };
    }),
  );
}

describe('history stays out of search', () => {
  it('[VC7] no search module imports version storage or names its table', async () => {
    const sources = (await Promise.all(SEARCH_DIRECTORIES.map(sourcesUnder))).flat();
    expect(sources.length).toBeGreaterThan(5);
    for (const { file, text } of sources) {
      expect(text, `${file} reaches version storage`).not.toMatch(/from '[^']*versions\//);
      expect(text, `${file} names the version table`).not.toMatch(/note_version|noteVersion/);
    }
  });
});
