import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  openNoteAnAssistantRewrites,
  openPerson,
  waitForOfflineReady,
} from './helpers';
import { goOffline, goOnline } from './network';
import { expect, type Page, test } from './relayFixture';
import { readNotesOverMcp, readOnlyToken } from './relayNotes';

// A table made as people type one (a header row, then Enter and Tab), kept offline, seen by a colleague, and
// read back by an assistant as a GFM table (MD9).

test.beforeEach(async ({ request }) => emptyVault(request));

function cells(page: Page) {
  return editor(page).locator('table td');
}

test('[MD9] a table typed as a header row, filled with Tab: kept offline, seen by bob, read as GFM', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  await waitForOfflineReady(alice.page);
  const docId = await createNote(alice.page, 'Budget');
  await alice.page.keyboard.type('| Item | Cost |');
  await alice.page.keyboard.press('Enter');
  await expect(editor(alice.page).locator('table th')).toHaveText(['Item', 'Cost']);
  await alice.page.keyboard.type('Rent');
  await alice.page.keyboard.press('Tab');
  await alice.page.keyboard.type('1200');
  // Tab in the last cell adds a row.
  await alice.page.keyboard.press('Tab');
  await alice.page.keyboard.type('Food ');
  await alice.page.keyboard.press('ControlOrMeta+b');
  await alice.page.keyboard.type('weekly');
  await expect(cells(alice.page)).toHaveText(['Rent', '1200', 'Food weekly', '']);
  await expect(cells(alice.page).nth(2).locator('strong')).toHaveText('weekly');
  await expectSyncState(alice.page, 'synced');

  const markdown = '| Item | Cost |\n| --- | --- |\n| Rent | 1200 |\n| Food **weekly** |  |\n';
  const token = await readOnlyToken(request);
  await expect.poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId)).toBe(markdown);

  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expect(cells(bob.page)).toHaveText(['Rent', '1200', 'Food weekly', '']);

  // Offline, after a reload from the device's copy, alice fills the last cell; bob sees it once she is back.
  await goOffline(alice.context);
  await alice.page.reload();
  await expect(cells(alice.page)).toHaveText(['Rent', '1200', 'Food weekly', '']);
  await cells(alice.page).nth(3).click();
  await alice.page.keyboard.type('80');
  await expect(cells(bob.page).nth(3)).toHaveText('');
  await goOnline(alice.context);
  await expect(cells(bob.page).nth(3)).toHaveText('80');
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    .toBe(markdown.replace('|  |', '| 80 |'));

  await alice.context.close();
  await bob.context.close();
});

test('[MD9] a GFM table written by an assistant opens as a table with its alignment', async ({ browser, request }) => {
  const markdown = '| Item | Cost |\n| :-- | --: |\n| Rent \\| flat | `1\\|2` |\n';
  const alice = await openNoteAnAssistantRewrites(browser, request, 'Prices', markdown);
  await expect(cells(alice.page)).toHaveText(['Rent | flat', '1|2']);
  await expect(cells(alice.page).nth(1)).toHaveCSS('text-align', 'right');
  await expect(cells(alice.page).nth(1).locator('code')).toHaveText('1|2');
  await alice.context.close();
});
