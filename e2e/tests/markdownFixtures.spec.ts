import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyVault, openPerson } from './helpers';
import { documentAccess, expectOpensWithoutWriting } from './noteDocuments';
import { test } from './relayFixture';
import { createNotesOverApi, updateNoteOverMcp } from './relayNotes';

// The fixture vault of `bench/markdown`: Obsidian notes that together use every construct of Obsidian
// Flavored Markdown, written as Obsidian users write them.
const VAULT = join(import.meta.dirname, '..', '..', 'bench', 'markdown', 'vault');

function vaultFiles(): string[] {
  return (readdirSync(VAULT, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((path) => path.endsWith('.md'))
    .sort();
}

test.beforeEach(async ({ request }) => emptyVault(request));

test('[RAW4, MD12] every fixture vault file, written by an assistant, opens in the editor without a single write', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const files = vaultFiles();
  // One folder: the tree is not what this test is about, and a flat name keeps every note one click away.
  const docIds = await createNotesOverApi(
    request,
    files.map((path) => path.replaceAll('/', ' - ')),
  );
  for (const [index, docId] of docIds.entries()) {
    await updateNoteOverMcp(request, docId, readFileSync(join(VAULT, files[index] as string), 'utf8'));
  }
  const access = await documentAccess(request, baseURL);
  const alice = await openPerson(browser);
  for (const docId of docIds) await expectOpensWithoutWriting(alice.page, access, docId);
  await alice.context.close();
});
