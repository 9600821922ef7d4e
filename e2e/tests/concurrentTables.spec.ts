import { editor, emptyVault, expectSyncState, openNoteAnAssistantRewrites, openPerson } from './helpers';
import { goOffline, goOnline } from './network';
import { expect, type Page, test } from './relayFixture';
import { readNotesOverMcp, readOnlyToken } from './relayNotes';

test.beforeEach(async ({ request }) => emptyVault(request));

const MARKDOWN = '- [ ] first\n- [ ] second\n\n| Item | Cost |\n| --- | --- |\n| Rent |  |\n| Food |  |\n';

function cellTexts(page: Page): Promise<string[]> {
  return editor(page).locator('th, td').allTextContents();
}

function task(page: Page, text: string) {
  return editor(page).locator('ul[data-type="taskList"] > li', { hasText: text });
}

/** Types at the end of a cell, by row (the header is 0) and column. */
async function typeInCell(page: Page, row: number, column: number, typed: string): Promise<void> {
  await editor(page).locator('tr').nth(row).locator('td, th').nth(column).click();
  await page.keyboard.press('End');
  await page.keyboard.type(typed, { delay: 10 });
}

test('[SYNC4, TBL1, MD8, MD9] alice and bob edit one table and tick one task list at once, bob offline: every cell’s text survives', async ({
  browser,
  request,
}) => {
  const alice = await openNoteAnAssistantRewrites(browser, request, 'Shared budget', MARKDOWN);
  const docId = new URL(alice.page.url()).searchParams.get('note') ?? '';
  const bob = await openPerson(browser, 'bob', `/?note=${docId}`);
  await expect(editor(bob.page).locator('td')).toHaveText(['Rent', '', 'Food', '']);
  await goOffline(bob.context);
  await expectSyncState(bob.page, 'offline');

  // The same cell (Rent), cells of the same row, a row bob adds, and both tasks of one list.
  const aliceEdits = (async () => {
    await typeInCell(alice.page, 1, 0, ' flat');
    await typeInCell(alice.page, 1, 1, '1200');
    await task(alice.page, 'first').getByRole('checkbox').check();
  })();
  const bobEdits = (async () => {
    await typeInCell(bob.page, 1, 0, ' monthly');
    await typeInCell(bob.page, 2, 1, '80');
    await editor(bob.page).getByRole('button', { name: 'Select row 3', exact: true }).click();
    await bob.page.getByRole('toolbar', { name: 'Table' }).getByRole('button', { name: 'Add row below' }).click();
    await typeInCell(bob.page, 3, 0, 'Water');
    await task(bob.page, 'second').getByRole('checkbox').check();
  })();
  await Promise.all([aliceEdits, bobEdits]);

  await goOnline(bob.context);
  await expectSyncState(bob.page, 'synced');
  await expectSyncState(alice.page, 'synced');
  // Each try reads both pages: alice's cells read once could predate bob's edits reaching her screen.
  await expect
    .poll(async () => {
      const [aliceCells, bobCells] = await Promise.all([cellTexts(alice.page), cellTexts(bob.page)]);
      return { same: JSON.stringify(aliceCells) === JSON.stringify(bobCells), aliceCells, bobCells };
    })
    .toMatchObject({ same: true });
  const cells = await cellTexts(alice.page);
  // The two insertions into "Rent" are kept whole, in the order Yjs gives them on every client.
  expect(['Rent flat monthly', 'Rent monthly flat']).toContain(cells[2]);
  expect(cells).toEqual(['Item', 'Cost', cells[2], '1200', 'Food', '80', 'Water', '']);
  for (const page of [alice.page, bob.page]) {
    await expect(task(page, 'first')).toHaveAttribute('data-checked', 'true');
    await expect(task(page, 'second')).toHaveAttribute('data-checked', 'true');
  }
  const token = await readOnlyToken(request);
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    .toBe(
      `- [x] first\n- [x] second\n\n| Item | Cost |\n| --- | --- |\n| ${cells[2]} | 1200 |\n| Food | 80 |\n| Water |  |\n`,
    );
  await alice.context.close();
  await bob.context.close();
});
