import { createNote, editor, emptyVault, expectSyncState, openFromTree, openPerson } from './helpers';
import { goOffline, goOnline } from './network';
import { expect, type Page, test } from './relayFixture';

test.beforeEach(async ({ request }) => emptyVault(request));

/** The avatar of `name` in the open note's header. */
function avatarOf(page: Page, name: string) {
  return page.getByTestId('presence-avatars').getByRole('img', { name, exact: true });
}

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

test('[PRES3, PRES4, PRES5, PRES6] alice and bob see each other in one note, with carets and selections, and only there and only while connected', async ({
  browser,
}) => {
  const alice = await openPerson(browser, 'alice');
  const meeting = await createNote(alice.page, 'Meeting');
  await alice.page.keyboard.type('Plans for the launch');
  await expectSyncState(alice.page, 'synced');
  const bob = await openPerson(browser, 'bob', `/?note=${meeting}`);
  await expect(editor(bob.page)).toHaveText('Plans for the launch');

  // Each sees the other, named, and not themselves.
  await expect(avatarOf(alice.page, 'bob')).toHaveAttribute('title', 'bob');
  await expect(avatarOf(bob.page, 'alice')).toHaveAttribute('title', 'alice');
  await expect(alice.page.getByTestId('presence-avatar')).toHaveCount(1);
  await expect(bob.page.getByTestId('presence-avatar')).toHaveCount(1);

  // Bob's caret shows in alice's editor under his name and colour; then his selection.
  await editor(bob.page).click();
  await bob.page.keyboard.press('End');
  const bobsCaret = editor(alice.page).locator('.collaboration-carets__caret');
  await expect(bobsCaret).toHaveCount(1);
  const label = bobsCaret.locator('.collaboration-carets__label');
  await expect(label).toHaveAttribute('data-name', 'bob');
  // Polled, as the colour below is: a label read while the caret is redrawn reads "".
  await expect.poll(() => label.evaluate((element) => getComputedStyle(element, '::after').content)).toBe('"bob"');
  const bobsColor = await backgroundOf(alice.page, '[data-testid="presence-avatar"]');
  // The caret is redrawn as awareness updates arrive; a label read while it is replaced reads as detached ("").
  await expect.poll(() => backgroundOf(alice.page, '.collaboration-carets__label')).toBe(bobsColor);
  await bob.page.keyboard.press('Shift+Home');
  await expect
    .poll(() => editor(alice.page).locator('.ProseMirror-yjs-selection').allTextContents())
    .toEqual(['Plans for the launch']);

  // Another note: bob is not in it, and alice, gone from the meeting, no longer shows there for bob.
  const other = await createNote(alice.page, 'Elsewhere');
  await expect(alice.page.getByTestId('editor')).toHaveAttribute('data-doc-id', other);
  await expect(alice.page.getByTestId('presence-avatars')).toHaveCount(0);
  await expect(bob.page.getByTestId('presence-avatars')).toHaveCount(0);
  await openFromTree(alice.page, meeting);
  await expect(avatarOf(alice.page, 'bob')).toBeVisible();
  await expect(avatarOf(bob.page, 'alice')).toBeVisible();

  // Offline, alice shows no one (what she knew of bob went with the connection); back online, bob is back.
  await goOffline(alice.context);
  await expect(alice.page.getByTestId('presence-avatars')).toHaveCount(0);
  await expect(editor(alice.page).locator('.collaboration-carets__caret')).toHaveCount(0);
  await goOnline(alice.context);
  await expect(avatarOf(alice.page, 'bob')).toBeVisible();

  // Bob closes his browser: within a few seconds alice no longer sees him.
  await bob.context.close();
  await expect(alice.page.getByTestId('presence-avatars')).toHaveCount(0, { timeout: 5000 });
  await expect(editor(alice.page).locator('.collaboration-carets__caret')).toHaveCount(0);
  await alice.context.close();
});
