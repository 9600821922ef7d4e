import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  expectTreeSynced,
  openFromTree,
  openPerson,
  treeNote,
  typeInEditor,
} from './helpers';
import { expect, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

test('[TR1, TR2] a trashed note leaves both trees and comes back on restore with its text and id', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  const docId = await createNote(alice.page, 'Groceries');
  await typeInEditor(alice.page, 'Milk, eggs, bread.');
  await expectSyncState(alice.page, 'synced');
  const bob = await openPerson(browser, 'bob');
  await expect(treeNote(bob.page, docId)).toHaveAttribute('data-path', 'Groceries.md');

  await treeNote(alice.page, docId).hover();
  await treeNote(alice.page, docId).getByTestId('item-menu').click();
  await alice.page.getByTestId('trash-item').click();
  await expect(treeNote(alice.page, docId)).toHaveCount(0);
  await expect(treeNote(bob.page, docId)).toHaveCount(0);
  // The open note stays open, read-only, and says where it is.
  await expect(alice.page.getByTestId('trash-banner')).toContainText('This note is in the trash');
  await expect(editor(alice.page)).toHaveAttribute('contenteditable', 'false');

  for (const { page } of [alice, bob]) {
    await page.getByTestId('trash-view-toggle').click();
    const trashed = page.locator(`[data-testid="trash-note"][data-doc-id="${docId}"]`);
    await expect(trashed).toContainText('Groceries.md');
    await expect(trashed).toContainText(/deleted (just now|1 min ago)/);
  }
  await alice.page.locator(`[data-testid="trash-note"][data-doc-id="${docId}"]`).getByTestId('restore-note').click();
  await expectTreeSynced(alice.page);
  await expect(bob.page.locator(`[data-testid="trash-note"][data-doc-id="${docId}"]`)).toHaveCount(0);

  for (const { page } of [alice, bob]) {
    await page.getByTestId('trash-view-toggle').click();
    await expect(treeNote(page, docId)).toHaveAttribute('data-path', 'Groceries.md');
  }
  await expect(alice.page.getByTestId('trash-banner')).toHaveCount(0);
  await expect(editor(alice.page)).toHaveAttribute('contenteditable', 'true');
  await openFromTree(bob.page, docId);
  await expect(editor(bob.page)).toHaveText('Milk, eggs, bread.');

  await alice.context.close();
  await bob.context.close();
});

test('[TR1, TR3] a trashed note opened from its link is read-only; delete forever and empty trash ask first', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  const keep = await createNote(alice.page, 'Keep');
  const purge = await createNote(alice.page, 'Purge me');
  const empty = await createNote(alice.page, 'Empty me');
  for (const docId of [purge, empty]) {
    await treeNote(alice.page, docId).getByTestId('item-menu').click();
    await alice.page.getByTestId('trash-item').click();
  }
  await expectTreeSynced(alice.page);

  const bob = await openPerson(browser, 'bob', `/?note=${purge}`);
  await expect(bob.page.getByTestId('trash-banner')).toBeVisible();
  await expect(editor(bob.page)).toHaveAttribute('contenteditable', 'false');

  await alice.page.getByTestId('trash-view-toggle').click();
  const purgeRow = alice.page.locator(`[data-testid="trash-note"][data-doc-id="${purge}"]`);
  await purgeRow.getByTestId('purge-note').click();
  await expect(purgeRow).toBeVisible();
  await purgeRow.getByTestId('confirm-action').click();
  await expect(purgeRow).toHaveCount(0);
  await alice.page.getByTestId('empty-trash').click();
  await alice.page.getByTestId('confirm-action').click();
  await expect(alice.page.getByTestId('trash-note')).toHaveCount(0);
  await expectTreeSynced(alice.page);
  await alice.page.getByTestId('trash-view-toggle').click();
  await expect(treeNote(alice.page, keep)).toBeVisible();

  await alice.context.close();
  await bob.context.close();
});
