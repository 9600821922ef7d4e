import { createNote, editor, emptyVault, openPerson } from './helpers';
import { expect, type Page, test } from './relayFixture';

// TTL3: a note shows its title once, whether or not its text starts with it.

test.beforeEach(async ({ request }) => emptyVault(request));

/** Whether the header's title is on screen, or only read aloud (a 1 px clipped box). */
async function expectHeaderTitleShown(page: Page, shown: boolean): Promise<void> {
  const title = page.getByTestId('note-title');
  await expect(title).toHaveAttribute('data-title-in-note', String(!shown));
  const width = (await title.boundingBox())?.width ?? 0;
  if (shown) expect(width).toBeGreaterThan(50);
  else expect(width).toBeLessThanOrEqual(1);
}

test('[TTL3] a first heading that says the title is the title; the header shows it again once it differs', async ({
  browser,
}) => {
  const alice = await openPerson(browser);
  await createNote(alice.page, 'Refund policy');
  const title = alice.page.getByTestId('note-title');
  await expectHeaderTitleShown(alice.page, true);

  await alice.page.keyboard.type('# refund  Policy');
  await expect(editor(alice.page).locator('h1')).toHaveText('refund  Policy');
  await expectHeaderTitleShown(alice.page, false);
  // Still there for screen readers, with the file name's spelling.
  await expect(title).toHaveText('Refund policy');

  await alice.page.keyboard.type(' 2025');
  await expectHeaderTitleShown(alice.page, true);

  // A reload reads the note from the device: the rule holds from the first paint.
  await alice.page.keyboard.press('Backspace');
  await alice.page.keyboard.press('Backspace');
  await alice.page.keyboard.press('Backspace');
  await alice.page.keyboard.press('Backspace');
  await alice.page.keyboard.press('Backspace');
  await expectHeaderTitleShown(alice.page, false);
  await alice.page.reload();
  await expect(editor(alice.page).locator('h1')).toHaveText('refund  Policy');
  await expectHeaderTitleShown(alice.page, false);
  await alice.context.close();
});
