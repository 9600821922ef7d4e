import { createNote, editor, emptyVault, expectSyncState, openNoteAnAssistantRewrites, openPerson } from './helpers';
import { expect, type Page, test } from './relayFixture';
import { readNotesOverMcp, readOnlyToken } from './relayNotes';

// Callouts typed as in Obsidian (`> [!note] Title`, then Enter), seen by a colleague and read back by an
// assistant as the Markdown Obsidian writes (MD10).

test.beforeEach(async ({ request }) => emptyVault(request));

function callouts(page: Page) {
  return editor(page).locator('.callout');
}

test('[MD10] a callout typed as `> [!warning] Title` keeps its title apart from its body, for bob and over MCP', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const docId = await createNote(alice.page, 'Runbook');
  await alice.page.keyboard.type('> [!warning] Check the backups');
  await alice.page.keyboard.press('Enter');
  await alice.page.keyboard.type('Before any migration.');
  await expect(callouts(alice.page)).toHaveAttribute('data-callout', 'warning');
  await expect(callouts(alice.page).locator('.callout-title')).toHaveText('Check the backups');
  await expect(callouts(alice.page).locator('.callout-body')).toHaveText('Before any migration.');
  await expectSyncState(alice.page, 'synced');

  const token = await readOnlyToken(request);
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    .toBe('> [!warning] Check the backups\n> Before any migration.\n');

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expect(callouts(bob.page).locator('.callout-title')).toHaveText('Check the backups');
  await expect(callouts(bob.page).locator('.callout-body')).toHaveText('Before any migration.');
  await alice.context.close();
  await bob.context.close();
});

test('[MD10] an untitled, folded callout written by an assistant opens with its type as its title', async ({
  browser,
  request,
}) => {
  const alice = await openNoteAnAssistantRewrites(
    browser,
    request,
    'Tips',
    '> [!tip]-\n> The whole first paragraph is the body.\n',
  );
  await expect(callouts(alice.page)).toHaveAttribute('data-fold', '-');
  await expect(callouts(alice.page).locator('.callout-title')).toHaveText('Tip');
  await expect(callouts(alice.page).locator('.callout-body')).toHaveText('The whole first paragraph is the body.');
  await alice.context.close();
});
