import { API } from '@baalda/core/api';
import {
  createNote,
  editor,
  emptyVault,
  expectSyncState,
  expectTreeSynced,
  openFromTree,
  openPerson,
  renameRow,
  treeNote,
  typeInEditor,
} from './helpers';
import { goOffline, goOnline } from './network';
import { relayApi, succeed } from './relayClient';
import { expect, test } from './relayFixture';
import { expectFirstHit, expectNoHits, openSearch, results } from './searchPalette';

test.beforeEach(async ({ request }) => emptyVault(request));

test('[IDX1, IDX3] alice finds a note by a word in its text, opens it, and search follows its rename and trash', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const { page } = alice;
  const groceries = await createNote(page, 'Groceries');
  await typeInEditor(page, 'Milk, eggs and bread for the weekend.');
  const garden = await createNote(page, 'Garden');
  await typeInEditor(page, 'Plant the tomatoes in May, before the weekend.');
  await expectSyncState(page, 'synced');
  await openFromTree(page, groceries);

  await openSearch(page);
  await expectFirstHit(page, 'tomatoes', garden);
  await expect(results(page).first()).toContainText('Garden');
  await expect(page.getByTestId('search-offline')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-palette')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`note=${garden}`));
  await expect(page.getByTestId('editor')).toHaveAttribute('data-doc-id', garden);

  // The arrows move the active option (the field points at it), and Enter opens that one. Both notes say
  // "weekend"; the shorter one ranks first (EMB4).
  await openFromTree(page, groceries);
  await openSearch(page);
  await expectFirstHit(page, 'weekend', groceries);
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).nth(1)).toHaveAttribute('data-doc-id', garden);
  const input = page.getByTestId('search-input');
  await expect(input).toHaveAttribute('aria-activedescendant', (await results(page).first().getAttribute('id')) ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await results(page).nth(1).getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor')).toHaveAttribute('data-doc-id', garden);

  await renameRow(page, treeNote(page, garden), 'Vegetable patch');
  await expectTreeSynced(page);
  await page.getByTestId('open-search').click();
  await expect(page.getByTestId('search-input')).toBeFocused();
  await expectFirstHit(page, 'tomatoes', garden);
  await expect(results(page).first()).toContainText('Vegetable patch');
  // LEX2: its new name finds it too, though no word of it is in the text.
  await expectFirstHit(page, 'vegetable patch', garden);
  await results(page).first().click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-doc-id', garden);
  await expect(editor(page)).toContainText('Plant the tomatoes');

  // Escape closes, and the focus goes back where it was.
  await page.getByTestId('open-search').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-palette')).toHaveCount(0);
  await expect(page.getByTestId('open-search')).toBeFocused();

  await treeNote(page, garden).getByTestId('item-menu').click();
  await page.getByTestId('trash-item').click();
  await expectTreeSynced(page);
  await openSearch(page);
  await expectNoHits(page, 'tomatoes');
  const tomatoes = { params: { vaultId: 'default' }, query: { q: 'tomatoes' } };
  const { results: found } = await succeed(relayApi(request), API.search, tomatoes);
  expect(found.map((hit) => hit.docId)).not.toContain(garden);

  await alice.context.close();
});

test('[EMB1] offline, alice still finds her notes by their words, searched on this device, trash excluded', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  const { page } = alice;
  const packing = await createNote(page, 'Packing list');
  await typeInEditor(page, 'Passport, charger, sunscreen.');
  const recipes = await createNote(page, 'Recipes');
  await typeInEditor(page, 'Lentil soup with cumin.');
  await expectSyncState(page, 'synced');

  await goOffline(alice.context);
  await expectSyncState(page, 'offline');
  await typeInEditor(page, ' Bring hiking boots.');

  await openSearch(page);
  await expectFirstHit(page, 'sunscreen', packing);
  await expect(results(page).first()).toContainText('Packing list');
  await expect(page.getByTestId('search-offline')).toBeVisible();
  // Typed while offline: only this browser has it.
  await expectFirstHit(page, 'boots', recipes);
  await page.getByTestId('search-input').fill('sunscreen');
  await expect(results(page).first()).toHaveAttribute('data-doc-id', packing);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor')).toHaveAttribute('data-doc-id', packing);

  await treeNote(page, packing).getByTestId('item-menu').click();
  await page.getByTestId('trash-item').click();
  await expect(treeNote(page, packing)).toHaveCount(0);
  await openSearch(page);
  await expectNoHits(page, 'sunscreen');
  await expect(page.getByTestId('search-offline')).toBeVisible();

  await goOnline(alice.context);
  await alice.context.close();
});

test('a relay that refuses a search gets one calm line, not a broken list', async ({ browser }) => {
  const alice = await openPerson(browser);
  const { page } = alice;
  // The palette never sends what the relay refuses (empty or over-long queries), so the refusal is staged.
  await page.route('**/api/vaults/default/search?*', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'SEARCH_INVALID', message: 'q must be 1–500 characters.' } }),
    }),
  );
  await page.getByTestId('open-search').click();
  await page.getByTestId('search-input').fill('refund');
  await expect(page.getByTestId('search-error')).toHaveText(/^Search isn’t available right now\. q must be/);
  await expect(results(page)).toHaveCount(0);
  await expect(page.getByTestId('search-offline')).toHaveCount(0);
  await alice.context.close();
});
