import { ensureAccount, setRole } from './accounts';
import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  openNoteAnAssistantRewrites,
  openPerson,
  waitForOfflineReady,
} from './helpers';
import { goOffline } from './network';
import { expect, type Locator, type Page, test } from './relayFixture';
import { readNotesOverMcp, readOnlyToken } from './relayNotes';

// Code blocks typed as a fence with its language, highlighted with grammars the app loads on demand, their
// language changed with the picker, kept offline, seen by colleagues and read back by an assistant as the
// fenced block it is.

test.beforeEach(async ({ request }) => emptyVault(request));

function codeBlocks(page: Page) {
  return editor(page).locator('.code-block');
}

function picker(block: Locator) {
  return block.getByRole('combobox', { name: 'Code language' });
}

test('[CODE2, CODE3, CODE4] a fence typed with its language is highlighted as typed; the picker changes it, for bob, offline and over MCP', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  const docId = await createNote(alice.page, 'Snippets');
  await alice.page.keyboard.type('```python');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('def greet(name):');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('    return None');
  const block = codeBlocks(alice.page);
  await expect(block.locator('.hljs-keyword')).toHaveText(['def', 'return']);
  await expect(block.locator('.hljs-literal')).toHaveText('None');

  // CODE4: with the caret in the block its picker shows; Tab reaches it and Escape goes back to the code.
  await expect(picker(block)).toHaveValue('python');
  await expect(block.locator('.code-block-language')).toHaveCSS('opacity', '1');
  await alice.page.keyboard.press('Tab');
  await expect(picker(block)).toBeFocused();
  await alice.page.keyboard.press('Escape');
  await expect(editor(alice.page)).toBeFocused();
  // JavaScript's grammar is loaded now, and the block highlighted again: `def` is no keyword there.
  await picker(block).selectOption('javascript');
  await expect(block.locator('.hljs-keyword')).toHaveText(['return']);
  await expectSyncState(alice.page, 'synced');

  const token = await readOnlyToken(request);
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    .toBe('```javascript\ndef greet(name):\n    return None\n```\n');

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expect(codeBlocks(bob.page).locator('.hljs-keyword')).toHaveText(['return']);
  await expect(picker(codeBlocks(bob.page))).toHaveValue('javascript');

  // Offline, the note and the grammar come from the device (IndexedDB and the service worker's cache).
  await goOffline(alice.context);
  await alice.page.reload();
  await expect(block.locator('.hljs-keyword')).toHaveText(['return']);
  await expect(picker(block)).toHaveValue('javascript');
  await alice.context.close();
  await bob.context.close();
});

test('[CODE1, CODE4] fences written by an assistant open highlighted by their language, an unknown one plain; a viewer can’t change it', async ({
  browser,
  request,
}) => {
  const markdown = '```tsx title="App.tsx"\nconst answer: number = 42;\n```\n\n```klingon\nqapla = 1\n```\n';
  const alice = await openNoteAnAssistantRewrites(browser, request, 'Components', markdown);
  const blocks = codeBlocks(alice.page);
  await expect(blocks).toHaveCount(2);
  await expect(blocks.nth(0).locator('.hljs-keyword')).toHaveText(['const']);
  await expect(blocks.nth(0).locator('.hljs-number')).toHaveText('42');
  await expect(picker(blocks.nth(0))).toHaveValue('typescript');
  await expect(picker(blocks.nth(1))).toHaveValue('klingon');
  await expect(blocks.nth(1).locator('[class*="hljs-"]')).toHaveCount(0);

  const docId = new URL(alice.page.url()).searchParams.get('note');
  await ensureAccount(request, 'carol');
  await setRole(request, 'carol', 'viewer');
  const carol = await openPerson(browser, 'carol', `/?note=${docId}`);
  const seen = codeBlocks(carol.page).nth(0);
  await expect(seen.locator('.hljs-keyword')).toHaveText(['const']);
  await expect(picker(seen)).toHaveValue('typescript');
  await expect(picker(seen)).toBeDisabled();
  await setRole(request, 'carol', 'editor');
  await alice.context.close();
  await carol.context.close();
});
