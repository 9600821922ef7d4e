import { createNote, editor, emptyVault, expectSyncState, openPerson } from './helpers';
import { expect, type Page, test } from './relayFixture';
import { readNotesOverMcp, readOnlyToken } from './relayNotes';

// The editor's menus: blocks from the slash menu, marks and links from the toolbar over selected text, and the
// list of shortcuts (MENU1–MENU6), checked in the note and in the Markdown an assistant reads.

test.beforeEach(async ({ request }) => emptyVault(request));

function slashMenu(page: Page) {
  return page.getByRole('listbox', { name: 'Insert block' });
}

/** The titles of the options offered (each option also shows its Markdown, hidden from its name). */
function offered(page: Page) {
  return slashMenu(page).getByRole('option').locator('span:not([aria-hidden])');
}

/** Types `/typed`, checks that `title` is the one option offered and active, and chooses it with Enter. */
async function insertWithKeys(page: Page, typed: string, title: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(`/${typed}`);
  await expect(offered(page)).toHaveText([title]);
  await expect(slashMenu(page).getByRole('option', { name: title, selected: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(slashMenu(page)).toHaveCount(0);
}

test('[MENU1] [MENU2] blocks from the slash menu, by keys and by mouse, read back as Markdown', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const { page } = alice;
  const docId = await createNote(page, 'Blocks');

  await insertWithKeys(page, 'tab', 'Table');
  await expect(editor(page).locator('table th')).toHaveCount(3);
  await expect(editor(page).locator('table td')).toHaveCount(6);
  await page.keyboard.type('Item');
  await expect(editor(page).locator('table th').first()).toHaveText('Item');

  await insertWithKeys(page, 'task', 'Task list');
  await page.keyboard.type('Ship it');
  await expect(editor(page).locator('ul[data-type="taskList"] li > div')).toHaveText(['Ship it']);

  await insertWithKeys(page, 'code', 'Code block');
  await page.keyboard.type('npm test');
  await expect(editor(page).locator('pre')).toHaveText('npm test');

  await insertWithKeys(page, 'callout', 'Callout');
  await page.keyboard.type('Careful');
  await expect(editor(page).locator('.callout[data-callout="note"] .callout-body')).toHaveText('Careful');

  await insertWithKeys(page, 'div', 'Divider');
  await expect(editor(page).locator('hr')).toHaveCount(1);

  // Escape closes the menu and keeps the text; Enter is the editor's again.
  await page.keyboard.type('/quo');
  await expect(offered(page)).toHaveText(['Quote']);
  const quote = slashMenu(page).getByRole('option', { name: 'Quote' });
  await expect(editor(page)).toHaveAttribute('aria-activedescendant', (await quote.getAttribute('id')) ?? '');
  await page.keyboard.press('Escape');
  await expect(slashMenu(page)).toHaveCount(0);
  await expect(editor(page)).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('Enter');
  await expect(editor(page).locator('blockquote')).toHaveCount(0);
  await expect(editor(page).locator('p', { hasText: '/quo' })).toHaveText('/quo');

  // The arrows move through what matches; Enter takes the active one.
  await page.keyboard.type('/h');
  await expect(offered(page)).toHaveText(['Heading 1', 'Heading 2', 'Heading 3', 'Divider']);
  await page.keyboard.press('ArrowDown');
  await expect(slashMenu(page).getByRole('option', { name: 'Heading 2', selected: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Next');
  await expect(editor(page).locator('h2')).toHaveText('Next');

  // A click chooses too, and the caret stays in the note.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/');
  await slashMenu(page).getByRole('option', { name: 'Quote' }).click();
  await page.keyboard.type('Quoted');
  await expect(editor(page).locator('blockquote')).toHaveText('Quoted');
  await expectSyncState(page, 'synced');

  const markdown = [
    '| Item |  |  |',
    '| --- | --- | --- |',
    '|  |  |  |',
    '|  |  |  |',
    '',
    '- [ ] Ship it',
    '',
    '```',
    'npm test',
    '```',
    '',
    '> [!note]',
    '> Careful',
    '',
    '---',
    '',
    '/quo',
    '',
    '## Next',
    '',
    '> Quoted',
    '',
  ].join('\n');
  const token = await readOnlyToken(request);
  await expect.poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId)).toBe(markdown);
  await alice.context.close();
});

function toolbar(page: Page) {
  return page.getByRole('toolbar', { name: 'Format text' });
}

/** Selects the word that ends `wordsFromEnd` words before the end of the line, and waits for the toolbar. */
async function selectWord(page: Page, wordsFromEnd: number): Promise<void> {
  await page.keyboard.press('End');
  for (let word = 0; word < wordsFromEnd; word += 1) await page.keyboard.press('ControlOrMeta+ArrowLeft');
  // From the start of the next word back over the space, to the end of the word wanted.
  if (wordsFromEnd > 0) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ControlOrMeta+Shift+ArrowLeft');
  await expect(toolbar(page)).toBeVisible();
}

test('[MENU3] [MENU4] [MENU6] marks and links from the selection toolbar, a pasted link, and the shortcut list', async ({
  browser,
  request,
}) => {
  const alice = await openPerson(browser);
  const { page } = alice;
  const docId = await createNote(page, 'Format');
  await page.keyboard.type('Make it bold and tidy');
  await expect(toolbar(page)).toHaveCount(0);

  // A URL pasted over selected text links it.
  await selectWord(page, 0);
  await editor(page).evaluate((element) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', 'https://example.org/tidy');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  });
  await expect(editor(page).locator('a[href="https://example.org/tidy"]')).toHaveText('tidy');

  await selectWord(page, 2);
  const bold = toolbar(page).getByRole('button', { name: 'Bold' });
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await toolbar(page).getByRole('button', { name: 'Highlight' }).click();
  await expect(editor(page).locator('mark strong, strong mark')).toHaveText('bold');

  // A javascript: address is refused in place; a web address links the selection.
  await toolbar(page).getByRole('button', { name: 'Link' }).click();
  const address = page.getByRole('textbox', { name: 'Link address' });
  await expect(address).toBeFocused();
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'javascript:' })).toContainText('not “javascript:”');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(editor(page).locator('a')).toHaveCount(1);
  await address.fill('https://example.com');
  await address.press('Enter');
  await expect(editor(page).locator('a[href="https://example.com"]')).toHaveText('bold');
  await expect(editor(page)).toBeFocused();
  await expect(toolbar(page).getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');
  await expectSyncState(page, 'synced');
  const token = await readOnlyToken(request);
  await expect
    .poll(async () => (await readNotesOverMcp(request, token, [docId])).get(docId))
    // `==` between `[` and `**` could open or close, but nothing else of its kind is open: it opens (MD2).
    .toBe('Make it [==**bold**==](https://example.com) and [tidy](https://example.org/tidy)\n');

  // Ctrl-/ lists the shortcuts with this keyboard's keys; Escape closes and gives the caret back.
  await page.keyboard.press('Control+/');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('definition').first()).toHaveText('Ctrl+B');
  await expect(help).toContainText('HighlightCtrl+Shift+H');
  await expect(help).toContainText('Heading 1Ctrl+Alt+1');
  await expect(help).toContainText('Search notesCtrl+K');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(editor(page)).toBeFocused();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeFocused();
  await alice.context.close();
});
